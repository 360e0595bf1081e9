/**
 * Failed sign-in throttling (issue 9, item 6). Usernames are public, so a count per account alone
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
 * Kept in memory, per process: it resets on restart and is not shared between processes. That is
 * enough for one server; with several API processes behind a load balancer each would count on its
 * own (the per-route rate limits then belong in Redis, see architecture.md). Wrong two-factor codes are
 * also counted in the database, with a hard cap per account (`TWO_FACTOR_GUARD`, two-factor.service.ts).
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

  const pairKey = (address: string, account: string) => `pair:${address}\n${account}`;

  return {
    retryAfterMs(address, account, now = Date.now()) {
      return Math.max(
        blockedFor(`address:${address}`, limits.maxFailuresPerAddress, now),
        account === undefined
          ? 0
          : blockedFor(pairKey(address, account), limits.maxFailuresPerAccountAndAddress, now),
      );
    },
    slowdownMs(account, now = Date.now()) {
      return blockedFor(`account:${account}`, limits.slowAccountAfter, now) ? limits.slowdownMs : 0;
    },
    recordFailure(address, account, now = Date.now()) {
      fail(`address:${address}`, now);
      if (account !== undefined) {
        fail(pairKey(address, account), now);
        fail(`account:${account}`, now);
      }
      prune(now);
    },
    recordSuccess(address, account) {
      windows.delete(pairKey(address, account));
    },
  };
}
