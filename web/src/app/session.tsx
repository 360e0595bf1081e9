import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toUserType, type TVerificationState, type UserType } from '@app/domain';
import { apiGet, apiPost, isApiError } from '../api/client.ts';
import { fetchProcessingCosts, PROCESSING_COSTS_QUERY_KEY } from '../features/billing/api.ts';
import {
  clearStorage,
  forgetTabSession,
  isSessionRemembered,
  readItem,
  readJson,
  readSessionEntries,
  STORAGE_KEYS,
  storeSession,
  writeItem,
  writeJson,
} from '../lib/storage.ts';
import type { SessionEntries } from '../lib/storage.ts';
import {
  ASK_TABS_MS,
  markSessionInTabs,
  openSessionTabs,
  sessionMayBeInTabs,
  type SessionTabs,
  type TabMessage,
} from './sessionTabs.ts';

/** The signed-in user as the API returns it (spec 000 §3 "User"); relations only when populated. */
export interface SessionUser {
  id: number;
  username?: string;
  email?: string;
  first_name?: string | null;
  last_name?: string | null;
  user_type?: string | null;
  phone_number?: string | null;
  city?: string | null;
  dob?: string | null;
  is_active?: boolean;
  /** Whether a new message is announced by mail (My Profile). */
  message_mail?: boolean;
  /** A provider's ID verification (`pending`, `verified`, `rejected`); null for other accounts. */
  verification?: TVerificationState | null;
  /** `admin` for the staff; `authenticated` for everyone else. */
  role?: string | null;
  avatar?: { id: number; url: string; formats?: Record<string, { url: string } | undefined> | null } | null;
  subscriptions?: unknown[] | null;
}

/** How `login` keeps a new session (see `Session.login`). */
export interface LoginOptions {
  remember?: boolean;
  startPath?: string;
}

export interface Session {
  token: string | null;
  user: SessionUser | null;
  userId: number | null;
  subscribed: boolean;
  isLoggedIn: boolean;
  /** The user's account type, normalized (null when logged out or unknown). */
  userType: UserType | null;
  /**
   * Where the guest pages send this session once it has started (`GuestOnly`): set by a registration,
   * which goes on to its own first page; null after a sign-in, which goes where `getLoginTarget` says.
   */
  startPath: string | null;
  /**
   * True for a moment while a new tab asks the browser's other tabs for a session not remembered (see
   * `sessionTabs.ts`): a login-required page waits instead of sending the visitor to /login.
   */
  restoring: boolean;
  /**
   * Stores a fresh login: token, user, user id and the subscribed flag (see `isSubscribed`). `remember`
   * ("Remember Me"): true keeps it in localStorage, past the browser's closing; false in this tab's
   * sessionStorage, shared with the other tabs, ending with the browser. Left out (a new token for the same
   * session: a changed password), the session stays where it is. `startPath`: see above.
   */
  login: (jwt: string, user: SessionUser, options?: LoginOptions) => void;
  /** Forgets the session and clears all browser storage, both stores, in every tab (spec 000 §4). */
  logout: () => void;
  /**
   * Logout: asks the server to revoke this session's token (`POST /api/auth/logout`), then forgets
   * the session whatever the answer (offline, refused, or slow past a few seconds).
   */
  signOut: () => Promise<void>;
  /** Stores a fresh user record; a record with its subscriptions also updates `subscribed`. */
  setUser: (user: SessionUser) => void;
  setSubscribed: (subscribed: boolean) => void;
}

interface SessionState {
  token: string | null;
  user: SessionUser | null;
  userId: number | null;
  subscribed: boolean;
  startPath: string | null;
}

const LOGGED_OUT: SessionState = {
  token: null,
  user: null,
  userId: null,
  subscribed: false,
  startPath: null,
};

/** How long Logout waits for the server to revoke the token before it ends the session anyway. */
const SIGN_OUT_TIMEOUT_MS = 5000;

export const ME_QUERY_KEY = ['users', 'me'] as const;

function isSessionUser(value: unknown): value is SessionUser {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'number' &&
    Number.isInteger((value as { id: number }).id)
  );
}

function parseUserId(raw: string | null): number | null {
  if (raw === null) return null;
  // The original app stored the id as JSON, so a quoted "12" is accepted as well as 12.
  const id = Number(raw.trim().replace(/^"(.*)"$/, '$1'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The session as kept in browser storage; bad or partial data falls back to what can be trusted. */
export function readStoredSession(): SessionState {
  const token = readItem(STORAGE_KEYS.token);
  if (!token) return LOGGED_OUT;
  const storedUser = readJson(STORAGE_KEYS.user);
  const user = isSessionUser(storedUser) ? storedUser : null;
  const userId = parseUserId(readItem(STORAGE_KEYS.userId)) ?? user?.id ?? null;
  return { token, user, userId, subscribed: readJson(STORAGE_KEYS.subscribed) === true, startPath: null };
}

function isActiveFlag(entry: unknown): boolean | undefined {
  if (typeof entry !== 'object' || entry === null) return undefined;
  const flag = (entry as { isActive?: unknown }).isActive;
  return typeof flag === 'boolean' ? flag : undefined;
}

/**
 * The session's `subscribed` flag from a user record with its subscriptions: true when the server
 * marks one of them active (`isActive`, computed on the server). A record whose subscriptions carry
 * no such flag falls back to the spec's rule (000 §4: at least one subscription). Undefined when the
 * record does not list its subscriptions, so the flag stays as it was.
 */
export function isSubscribed(user: SessionUser): boolean | undefined {
  const subscriptions = user.subscriptions;
  if (!Array.isArray(subscriptions)) return undefined;
  const flags = subscriptions.map(isActiveFlag);
  if (flags.some((flag) => flag !== undefined)) return flags.some((flag) => flag === true);
  return subscriptions.length > 0;
}

const SessionContext = createContext<Session | null>(null);

type SetSessionState = Dispatch<SetStateAction<SessionState>>;
/** Tells the browser's other tabs (a no-op where there is no channel). */
type PostToTabs = (message: TabMessage) => void;

/** The session's entries as another tab is told them, while this tab keeps it unremembered. */
const unrememberedEntries = (): SessionEntries | null =>
  isSessionRemembered() ? null : readSessionEntries();

/** The session's ways to change: log in, log out (here, or asking the server first), a fresh user. */
function useSessionActions(setState: SetSessionState, postToTabs: PostToTabs) {
  const queryClient = useQueryClient();
  const login = useCallback(
    (jwt: string, user: SessionUser, { remember, startPath }: LoginOptions = {}) => {
      const subscribed = isSubscribed(user) ?? false;
      const entries: SessionEntries = {
        token: jwt,
        userid: String(user.id),
        user: JSON.stringify(user),
        subscribed: JSON.stringify(subscribed),
      };
      const lasts = remember ?? isSessionRemembered();
      storeSession(entries, lasts);
      markSessionInTabs(!lasts);
      postToTabs({ type: 'login', entries: lasts ? null : entries });
      setState({ token: jwt, user, userId: user.id, subscribed, startPath: startPath ?? null });
    },
    [setState, postToTabs],
  );

  const logout = useCallback(() => {
    clearStorage();
    markSessionInTabs(false);
    postToTabs({ type: 'end' });
    queryClient.clear();
    setState(LOGGED_OUT);
  }, [queryClient, setState, postToTabs]);

  /** Tells the other tabs holding this unremembered session its new user or flag (remembered: localStorage did). */
  const shareUpdate = useCallback(() => {
    const entries = unrememberedEntries();
    if (entries) postToTabs({ type: 'update', entries });
  }, [postToTabs]);

  const signOut = useCallback(async () => {
    if (readItem(STORAGE_KEYS.token)) {
      try {
        const signal =
          typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(SIGN_OUT_TIMEOUT_MS) : undefined;
        await apiPost('/auth/logout', undefined, { signal });
      } catch {
        // The local session ends all the same; an unrevoked token still expires on its own.
      }
    }
    logout();
  }, [logout]);

  const setUser = useCallback(
    (user: SessionUser) => {
      const subscribed = isSubscribed(user);
      writeJson(STORAGE_KEYS.user, user);
      writeItem(STORAGE_KEYS.userId, String(user.id));
      if (subscribed !== undefined) writeJson(STORAGE_KEYS.subscribed, subscribed);
      shareUpdate();
      setState((prev) =>
        prev.token === null
          ? prev
          : { ...prev, user, userId: user.id, subscribed: subscribed ?? prev.subscribed },
      );
    },
    [setState, shareUpdate],
  );

  const setSubscribed = useCallback(
    (subscribed: boolean) => {
      writeJson(STORAGE_KEYS.subscribed, subscribed);
      shareUpdate();
      setState((prev) => ({ ...prev, subscribed }));
    },
    [setState, shareUpdate],
  );
  return { login, logout, signOut, setUser, setSubscribed };
}

/**
 * Refetches the user on start and whenever the user id changes while logged in (spec 000 §4). The
 * server's answer is an outside event the session must follow: a fresh user replaces the stored one,
 * a refused or failed refresh ends the session. The extra render is intended.
 */
function useMeRefresh(
  userId: number | null,
  isLoggedIn: boolean,
  { setUser, logout }: Pick<Session, 'setUser' | 'logout'>,
) {
  const me = useQuery({
    queryKey: [...ME_QUERY_KEY, userId],
    queryFn: ({ signal }) => apiGet<unknown>('/users/me', { populate: '*' }, { signal }),
    enabled: isLoggedIn,
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
    // A dropped connection gets two more tries; an HTTP error is an answer and ends the session.
    retry: (failureCount, error) => isApiError(error) && error.isNetworkError && failureCount < 2,
  });
  const { isError: meFailed, isSuccess: meLoaded, data: meData } = me;
  useEffect(() => {
    if (!isLoggedIn || (!meFailed && !meLoaded)) return;
    if (meLoaded && isSessionUser(meData)) {
      setUser(meData);
    } else {
      logout();
    }
  }, [isLoggedIn, meFailed, meLoaded, meData, logout, setUser]);
}

/**
 * The first processing-costs entry, kept in browser storage for the session (spec 000 §3): fetched
 * once signed in, again when the tab comes back after a while, and rewritten whenever it changes
 * (any screen reading the costs shares this query). Logout clears storage and the query cache.
 */
function useStoredProcessingCosts(isLoggedIn: boolean) {
  const costs = useQuery({
    queryKey: PROCESSING_COSTS_QUERY_KEY,
    queryFn: ({ signal }) => fetchProcessingCosts(signal),
    enabled: isLoggedIn,
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: true,
  });
  const costsData = isLoggedIn ? costs.data : undefined;
  useEffect(() => {
    if (costsData === undefined) return;
    if (JSON.stringify(readJson(STORAGE_KEYS.processingCosts)) !== JSON.stringify(costsData)) {
      writeJson(STORAGE_KEYS.processingCosts, costsData);
    }
  }, [costsData]);
}

/** Another tab logged in or out: follow it, through localStorage (remembered) and the channel (not). */
function useOtherTabs(setState: SetSessionState) {
  useEffect(() => {
    const handleStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.user) {
        setState(readStoredSession());
      }
    };
    window.addEventListener('storage', handleStorage);
    return () => window.removeEventListener('storage', handleStorage);
  }, [setState]);
}

/** What this tab does with another tab's message (`sessionTabs.ts`). */
function followTab(
  message: TabMessage,
  post: PostToTabs,
  setState: SetSessionState,
  stopRestoring: () => void,
) {
  switch (message.type) {
    case 'ask': {
      const entries = unrememberedEntries();
      if (entries) post({ type: 'share', entries });
      return;
    }
    case 'share':
      // Taken only by a tab without a session: it is the one that asked (or one that missed the login).
      if (readItem(STORAGE_KEYS.token) !== null) return;
      storeSession(message.entries, false);
      break;
    case 'login':
      if (message.entries) storeSession(message.entries, false);
      else forgetTabSession();
      break;
    case 'update':
      // Only the same session: an older token's update must not replace a newer one.
      if (isSessionRemembered() || readItem(STORAGE_KEYS.token) !== message.entries.token) return;
      storeSession(message.entries, false);
      break;
    case 'end':
      forgetTabSession();
      break;
  }
  setState(readStoredSession());
  stopRestoring();
}

/**
 * This tab's end of the channel to the browser's other tabs, and whether it is still waiting for a session
 * it asked them for. A tab that starts without a session asks; it waits (`restoring`) only when a session
 * cookie says a tab may hold one, at most `ASK_TABS_MS`. A page the server rendered is a public one: it
 * does not wait (the answer, if any, signs it in a moment later).
 */
function useSessionTabs(setState: SetSessionState, hydrating: boolean) {
  const tabs = useRef<SessionTabs | null>(null);
  const [restoring, setRestoring] = useState(
    () => !hydrating && readStoredSession().token === null && sessionMayBeInTabs(),
  );
  const post = useCallback<PostToTabs>((message) => tabs.current?.post(message), []);
  useEffect(() => {
    const stopRestoring = () => setRestoring(false);
    const opened = openSessionTabs((message) => followTab(message, post, setState, stopRestoring));
    tabs.current = opened;
    if (opened && readStoredSession().token === null) opened.post({ type: 'ask' });
    const timer = setTimeout(stopRestoring, opened ? ASK_TABS_MS : 0);
    return () => {
      clearTimeout(timer);
      opened?.close();
      tabs.current = null;
    };
  }, [post, setState]);
  return { post, restoring };
}

/**
 * A page the server rendered was rendered for an anonymous visitor: its hydration starts signed out,
 * as the HTML is, and the stored session is read once the page itself has hydrated (`usePageHydrated`,
 * called by the layout's `ReadyMark` in the commit that hydrates the page, before the browser paints).
 * Not earlier: the page's code may still be loading when the frame above it hydrates, and a session
 * read then would reach the page's boundary before it hydrates, which then no longer matches the
 * server's HTML (a hydration error, and the page drawn again). The answers that came with the page
 * were the anonymous visitor's: those that differ by reader (`meta.perViewer`: an owner sees their
 * changes waiting for review) are asked again.
 */
function useSessionAfterHydration(hydrating: boolean, setState: SetSessionState): () => void {
  const queryClient = useQueryClient();
  const pending = useRef(hydrating);
  return useCallback(() => {
    if (!pending.current) return;
    pending.current = false;
    const stored = readStoredSession();
    if (stored.token === null) return;
    setState(stored);
    void queryClient.invalidateQueries({ predicate: (query) => query.meta?.perViewer === true });
  }, [queryClient, setState]);
}

/** What the page calls once it has hydrated (see `useSessionAfterHydration`); nothing outside a hydration. */
const PageHydratedContext = createContext<() => void>(() => {});

/** The call that tells the session the page has hydrated: the stored session is read then. */
export function usePageHydrated(): () => void {
  return useContext(PageHydratedContext);
}

export function SessionProvider({
  children,
  hydrating = false,
}: {
  children: ReactNode;
  hydrating?: boolean;
}) {
  const [state, setState] = useState<SessionState>(() => (hydrating ? LOGGED_OUT : readStoredSession()));
  const pageHydrated = useSessionAfterHydration(hydrating, setState);
  const isLoggedIn = state.token !== null;
  const tabs = useSessionTabs(setState, hydrating);
  const actions = useSessionActions(setState, tabs.post);
  useMeRefresh(state.userId, isLoggedIn, actions);
  useStoredProcessingCosts(isLoggedIn);
  useOtherTabs(setState);

  const { login, logout, signOut, setUser, setSubscribed } = actions;
  const value = useMemo<Session>(
    () => ({
      ...state,
      isLoggedIn,
      userType: toUserType(state.user?.user_type),
      restoring: tabs.restoring && !isLoggedIn,
      login,
      logout,
      signOut,
      setUser,
      setSubscribed,
    }),
    [state, isLoggedIn, tabs.restoring, login, logout, signOut, setUser, setSubscribed],
  );
  return (
    <PageHydratedContext.Provider value={pageHydrated}>
      <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
    </PageHydratedContext.Provider>
  );
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
