import type { SessionEntries } from '../lib/storage.ts';

/**
 * A session not remembered ("Remember Me" left unticked) is kept in each tab's sessionStorage, which no other
 * tab sees. So that it is still the browser's one session (every open tab signed in, a new tab too, Logout
 * anywhere ending it everywhere), the tabs tell each other over a BroadcastChannel:
 *
 * - `ask`: a tab that starts without a session asks; a tab holding one not remembered answers `share`.
 * - `login`: a tab signed in, or its session got a new token (a changed password): with the entries when it
 *   is not remembered (each tab keeps them in its own sessionStorage), without when it is (each tab forgets
 *   its own and reads localStorage, as every tab does).
 * - `update`: the same session's user or subscribed flag changed (taken by the tabs holding that token).
 * - `end`: Logout.
 *
 * The session ends with the browser: when the last tab holding it closes, nothing keeps it. A session cookie
 * (no expiry, so the browser drops it when it closes) marks that a tab may hold one: only then does a new
 * tab wait a moment for an answer before a login-required page sends it to /login.
 */
export type TabMessage =
  | { type: 'ask' }
  | { type: 'share'; entries: SessionEntries }
  | { type: 'login'; entries: SessionEntries | null }
  | { type: 'update'; entries: SessionEntries }
  | { type: 'end' };

const CHANNEL = 'ltf:session';
const MARK = 'ltf_session_tab';

/** How long a new tab waits for another tab's session before a login-required page sends it to /login. */
export const ASK_TABS_MS = 300;

export interface SessionTabs {
  post: (message: TabMessage) => void;
  close: () => void;
}

/** This tab's end of the channel, or null where the browser has none (the server's render, old browsers). */
export function openSessionTabs(onMessage: (message: TabMessage) => void): SessionTabs | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  let channel: BroadcastChannel;
  try {
    channel = new BroadcastChannel(CHANNEL);
  } catch {
    return null;
  }
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (isTabMessage(event.data)) onMessage(event.data);
  };
  return {
    post: (message) => {
      try {
        channel.postMessage(message);
      } catch {
        // A closed channel (the provider unmounting): nothing to tell.
      }
    },
    close: () => channel.close(),
  };
}

function isTabMessage(data: unknown): data is TabMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { type } = data as { type?: unknown };
  return type === 'ask' || type === 'share' || type === 'login' || type === 'update' || type === 'end';
}

/** Marks (or unmarks) that a tab of this browser holds a session not remembered. */
export function markSessionInTabs(on: boolean): void {
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  try {
    document.cookie = on
      ? `${MARK}=1; Path=/; SameSite=Strict${secure}`
      : `${MARK}=; Path=/; Max-Age=0; SameSite=Strict${secure}`;
  } catch {
    // Cookies blocked: a new tab then does not wait, and takes the session when it is answered.
  }
}

/** Whether a tab of this browser may hold a session not remembered (see `markSessionInTabs`). */
export function sessionMayBeInTabs(): boolean {
  if (typeof document === 'undefined') return false;
  try {
    return document.cookie.split(';').some((part) => part.trim() === `${MARK}=1`);
  } catch {
    return false;
  }
}
