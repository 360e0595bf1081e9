/**
 * Failed sign-in throttling. Usernames are public, so a count per account alone
 * would let anyone lock anyone out; failures are therefore counted three ways, each within
 * `windowMs` of the first of them:
 * - per account AND address: after `maxFailuresPerAccountAndAddress` wrong passwords for one
 *   account (or one unknown identifier) from one address, that address is refused (429) for that
 *   account; the same account from another address is not affected;
 * - per address, whatever the account: after `maxFailuresPerAddress` failures the address is refused;
 * - per account, across every address: past `slowAccountAfter` failures every attempt on the account
 *   (right password or not) waits `slowdownMs` before it is answered. It is slowed, never refused, so
 *   a distributed guesser is held back without locking the owner out.
 * A successful sign-in clears the count of its account and address, not the account-wide one (so
 * the owner signing in does not give a guesser a fresh allowance).
 *
 * Kept in memory, per process (`createLoginThrottle`): it resets on restart. With REDIS_URL the same
 * windows live in Redis (auth.throttle-redis.ts), so every process counts together and a failure on one
 * is refused on the next. Wrong two-factor codes are also counted in the database, with a hard cap per
 * account (`TWO_FACTOR_GUARD`, two-factor.codes.ts).
 */
export const LOGIN_THROTTLE = {
  windowMs: 15 * 60 * 1000,
  maxFailuresPerAccountAndAddress: 10,
  maxFailuresPerAddress: 30,
  slowAccountAfter: 100,
  slowdownMs: 1500,
  /** Counters kept at most; expired ones are dropped first, then the oldest. */
  maxEntries: 50_000,
} as const;

export type LoginThrottleLimits = { [K in keyof typeof LOGIN_THROTTLE]: number };

interface Window {
  failures: number;
  startedAt: number;
}

export interface LoginThrottle {
  /**
   * Milliseconds until a sign-in may be tried again from this address (for this account, when
   * given); 0 when it may now.
   */
  retryAfterMs(address: string, account?: string, now?: number): number;
  /** How long to wait before answering an attempt on this account; 0 below the account-wide ceiling. */
  slowdownMs(account: string, now?: number): number;
  recordFailure(address: string, account: string | undefined, now?: number): void;
  recordSuccess(address: string, account: string): void;
}

/** The throttle as the sign-in services use it: the same questions, answered from memory or Redis. */
export interface AsyncLoginThrottle {
  retryAfterMs(address: string, account?: string): Promise<number>;
  slowdownMs(account: string): Promise<number>;
  recordFailure(address: string, account: string | undefined): Promise<void>;
  recordSuccess(address: string, account: string): Promise<void>;
}

/** This process's own throttle, behind the services' interface. */
export function inProcess(throttle: LoginThrottle): AsyncLoginThrottle {
  return {
    retryAfterMs: async (address, account) => throttle.retryAfterMs(address, account),
    slowdownMs: async (account) => throttle.slowdownMs(account),
    recordFailure: async (address, account) => throttle.recordFailure(address, account),
    recordSuccess: async (address, account) => throttle.recordSuccess(address, account),
  };
}

/** The counters' keys, the same in memory and in Redis. */
export const throttleKeys = {
  address: (address: string) => `address:${address}`,
  pair: (address: string, account: string) => `pair:${address}\n${account}`,
  account: (account: string) => `account:${account}`,
};

export function createLoginThrottle(limits: LoginThrottleLimits = LOGIN_THROTTLE): LoginThrottle {
  const windows = new Map<string, Window>();

  const live = (key: string, now: number): Window | undefined => {
    const w = windows.get(key);
    if (w && now - w.startedAt >= limits.windowMs) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };

  const blockedFor = (key: string, max: number, now: number): number => {
    const w = live(key, now);
    return w && w.failures >= max ? w.startedAt + limits.windowMs - now : 0;
  };

  const prune = (now: number) => {
    if (windows.size <= limits.maxEntries) return;
    for (const [key, w] of windows) if (now - w.startedAt >= limits.windowMs) windows.delete(key);
    // Still too many: drop the oldest (a Map iterates in insertion order).
    for (const key of windows.keys()) {
      if (windows.size <= limits.maxEntries * 0.9) break;
      windows.delete(key);
    }
  };

  const fail = (key: string, now: number) => {
    const w = live(key, now);
    if (w) w.failures += 1;
    else windows.set(key, { failures: 1, startedAt: now });
  };

  return {
    retryAfterMs(address, account, now = Date.now()) {
      return Math.max(
        blockedFor(throttleKeys.address(address), limits.maxFailuresPerAddress, now),
        account === undefined
          ? 0
          : blockedFor(throttleKeys.pair(address, account), limits.maxFailuresPerAccountAndAddress, now),
      );
    },
    slowdownMs(account, now = Date.now()) {
      return blockedFor(throttleKeys.account(account), limits.slowAccountAfter, now) ? limits.slowdownMs : 0;
    },
    recordFailure(address, account, now = Date.now()) {
      fail(throttleKeys.address(address), now);
      if (account !== undefined) {
        fail(throttleKeys.pair(address, account), now);
        fail(throttleKeys.account(account), now);
      }
      prune(now);
    },
    recordSuccess(address, account) {
      windows.delete(throttleKeys.pair(address, account));
    },
  };
}
