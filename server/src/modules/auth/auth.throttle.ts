/**
 * Failed sign-in throttling, per account and per address.
 *
 * After `maxFailuresPerAccount` wrong passwords for one account (or one unknown identifier), or
 * `maxFailuresPerAddress` from one address, within `windowMs` of the first of them, further attempts
 * are refused with a 429 until that window has passed. A successful sign-in clears the account's count.
 *
 * Kept in memory, per process: it resets on restart and is not shared between processes. That is
 * enough for one server; with several API processes behind a load balancer each would count on its
 * own (the per-route rate limits then belong in Redis, see architecture.md).
 */
export const LOGIN_THROTTLE = {
  windowMs: 15 * 60 * 1000,
  maxFailuresPerAccount: 10,
  maxFailuresPerAddress: 30,
  /** Counters kept at most; expired ones are dropped first, then the oldest. */
  maxEntries: 50_000,
} as const;

export type LoginThrottleLimits = { [K in keyof typeof LOGIN_THROTTLE]: number };

interface Window {
  failures: number;
  startedAt: number;
}

export interface LoginThrottle {
  /** Milliseconds until a sign-in may be tried again for this address and account; 0 when it may now. */
  retryAfterMs(address: string, account?: string, now?: number): number;
  recordFailure(address: string, account: string | undefined, now?: number): void;
  recordSuccess(account: string): void;
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

  return {
    retryAfterMs(address, account, now = Date.now()) {
      return Math.max(
        blockedFor(`address:${address}`, limits.maxFailuresPerAddress, now),
        account === undefined ? 0 : blockedFor(`account:${account}`, limits.maxFailuresPerAccount, now),
      );
    },
    recordFailure(address, account, now = Date.now()) {
      fail(`address:${address}`, now);
      if (account !== undefined) fail(`account:${account}`, now);
      prune(now);
    },
    recordSuccess(account) {
      windows.delete(`account:${account}`);
    },
  };
}
