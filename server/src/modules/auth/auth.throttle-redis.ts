import type { Redis } from 'ioredis';
import type { SharedStateLog } from '../../shared-state.ts';
import {
  createLoginThrottle,
  LOGIN_THROTTLE,
  throttleKeys,
  type AsyncLoginThrottle,
  type LoginThrottle,
  type LoginThrottleLimits,
} from './auth.throttle.ts';

/**
 * A failure in each window given (KEYS; ARGV[1] the window in ms): the first failure starts the window,
 * which ends `windowMs` later, as in memory. One script, so concurrent processes never lose a count or
 * leave a counter without its end.
 */
const RECORD_FAILURE = `
for _, key in ipairs(KEYS) do
  if redis.call('INCR', key) == 1 or redis.call('PTTL', key) < 0 then
    redis.call('PEXPIRE', key, ARGV[1])
  end
end
return 0`;

/** Each window's failures and the milliseconds left of it (KEYS): {count1, ttl1, count2, ttl2, …}. */
const READ_WINDOWS = `
local out = {}
for _, key in ipairs(KEYS) do
  out[#out + 1] = tonumber(redis.call('GET', key) or '0')
  out[#out + 1] = redis.call('PTTL', key)
end
return out`;

interface ThrottleCommands {
  ltfLoginThrottleFail(numKeys: number, ...keysThenWindow: (string | number)[]): Promise<number>;
  ltfLoginThrottleRead(numKeys: number, ...keys: string[]): Promise<number[]>;
}

/**
 * The sign-in throttle (auth.throttle.ts: the same windows, limits and answers) kept in Redis, so all
 * processes count together. While Redis is away each process falls back to counting in its own memory
 * (as with one process) and logs it once a minute: sign-ins stay throttled, only not across processes.
 */
export function createRedisLoginThrottle(
  redis: Redis,
  prefix: string,
  log: SharedStateLog,
  limits: LoginThrottleLimits = LOGIN_THROTTLE,
): AsyncLoginThrottle {
  return orLocally(redisThrottle(redis, prefix, limits), createLoginThrottle(limits), log);
}

/** The throttle's windows in Redis alone: a call fails while Redis does not answer. */
function redisThrottle(redis: Redis, prefix: string, limits: LoginThrottleLimits): AsyncLoginThrottle {
  if (!('ltfLoginThrottleFail' in redis)) {
    redis.defineCommand('ltfLoginThrottleFail', { lua: RECORD_FAILURE });
    redis.defineCommand('ltfLoginThrottleRead', { lua: READ_WINDOWS });
  }
  const commands = redis as unknown as ThrottleCommands;
  const key = (k: string) => `${prefix}login:${k}`;

  /** Milliseconds until the longest of these windows past its maximum ends; 0 when none is. */
  async function blockedFor(windows: [string, number][]): Promise<number> {
    const read = await commands.ltfLoginThrottleRead(windows.length, ...windows.map(([k]) => key(k)));
    let wait = 0;
    windows.forEach(([, max], i) => {
      const failures = read[2 * i]!;
      const left = read[2 * i + 1]!;
      if (failures >= max && left > 0) wait = Math.max(wait, left);
    });
    return wait;
  }

  return {
    retryAfterMs: (address, account) => {
      const windows: [string, number][] = [[throttleKeys.address(address), limits.maxFailuresPerAddress]];
      if (account !== undefined) {
        windows.push([throttleKeys.pair(address, account), limits.maxFailuresPerAccountAndAddress]);
      }
      return blockedFor(windows);
    },
    slowdownMs: async (account) =>
      (await blockedFor([[throttleKeys.account(account), limits.slowAccountAfter]])) ? limits.slowdownMs : 0,
    recordFailure: async (address, account) => {
      const keys = [throttleKeys.address(address)];
      if (account !== undefined)
        keys.push(throttleKeys.pair(address, account), throttleKeys.account(account));
      await commands.ltfLoginThrottleFail(keys.length, ...keys.map(key), limits.windowMs);
    },
    recordSuccess: async (address, account) =>
      void (await redis.del(key(throttleKeys.pair(address, account)))),
  };
}

/** Each call answered by `shared`, or by `local` when `shared` fails (said in the log once a minute). */
function orLocally(
  shared: AsyncLoginThrottle,
  local: LoginThrottle,
  log: SharedStateLog,
): AsyncLoginThrottle {
  let lastWarning = 0;
  async function either<T>(sharedCall: () => Promise<T>, localCall: () => T): Promise<T> {
    try {
      return await sharedCall();
    } catch (err) {
      if (Date.now() - lastWarning > 60_000) {
        lastWarning = Date.now();
        log.warn(
          { err: err instanceof Error ? err.message : String(err) },
          'sign-in throttle counted in this process only: Redis does not answer',
        );
      }
      return localCall();
    }
  }
  return {
    retryAfterMs: (address, account) =>
      either(
        () => shared.retryAfterMs(address, account),
        () => local.retryAfterMs(address, account),
      ),
    slowdownMs: (account) =>
      either(
        () => shared.slowdownMs(account),
        () => local.slowdownMs(account),
      ),
    recordFailure: (address, account) =>
      either(
        () => shared.recordFailure(address, account),
        () => local.recordFailure(address, account),
      ),
    recordSuccess: (address, account) =>
      either(
        () => shared.recordSuccess(address, account),
        () => local.recordSuccess(address, account),
      ),
  };
}
