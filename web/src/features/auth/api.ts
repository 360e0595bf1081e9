import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isTwoFactorChallenge, type TwoFactorChallenge, type UserType } from '@app/domain';
import { apiGet, apiPost } from '../../api/client.ts';
import { uploadFiles } from '../../api/upload.ts';
import type { UploadedFile } from '../../api/client.ts';
import { ME_QUERY_KEY, useSession } from '../../app/session.tsx';
import type { SessionUser } from '../../app/session.tsx';
import { STORAGE_KEYS, writeItem } from '../../lib/storage.ts';
import { loadPage } from '../../lib/navigation.ts';
import { serverFieldErrors } from '../../ui/serverFieldErrors.ts';

/** What `/api/auth/local`, `/auth/local/register`, `/auth/reset-password` and `/auth/change-password` answer. */
export interface AuthResponse {
  jwt: string;
  user: SessionUser;
}

export interface RegisterPayload {
  username: string;
  email: string;
  password: string;
  cpassword: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  dob: string;
  city: string;
  user_type: UserType;
}

/** `GET /api/users/me?populate=*`: the signed-in user with all relations (avatar, subscriptions…). */
export function fetchMe(token?: string, signal?: AbortSignal): Promise<SessionUser> {
  const options = token ? { auth: false, headers: { Authorization: `Bearer ${token}` }, signal } : { signal };
  return apiGet<SessionUser>('/users/me', { populate: '*' }, options);
}

/**
 * Login (spec 000 §4): `POST /api/auth/local`, then the user with all relations, so the session knows
 * whether the user holds a subscription. If that second call fails the basic user is kept; the
 * session's own refresh then decides. An account with two-factor sign-in answers a challenge
 * instead: the login page then asks for the code (`completeSignIn`).
 */
export async function signIn(email: string, password: string): Promise<AuthResponse | TwoFactorChallenge> {
  const answer = await apiPost<AuthResponse | TwoFactorChallenge>(
    '/auth/local',
    { identifier: email, password },
    { auth: false },
  );
  return isTwoFactorChallenge(answer) ? answer : withFullUser(answer);
}

/** The sign-in's second step: the code (or a recovery code) for the challenge, then the full user. */
export async function completeSignIn(mfaToken: string, code: string): Promise<AuthResponse> {
  const auth = await apiPost<AuthResponse>(
    '/auth/2fa/verify',
    { mfa_token: mfaToken, code },
    { auth: false },
  );
  return withFullUser(auth);
}

async function withFullUser(auth: AuthResponse): Promise<AuthResponse> {
  try {
    return { jwt: auth.jwt, user: await fetchMe(auth.jwt) };
  } catch {
    return auth;
  }
}

/** One uploaded ID document as registration presents it: its id and the claim token it answered. */
export interface DocumentClaim {
  id: number;
  token: string;
}

/** Uploads registration documents without a login (they are stored privately); returns their claims. */
export async function uploadDocuments(files: readonly File[]): Promise<DocumentClaim[]> {
  const uploaded = await uploadFiles<UploadedFile & { claimToken?: string }>(files, { auth: false });
  return uploaded.map((file) => ({ id: file.id, token: file.claimToken ?? '' }));
}

/**
 * The documents this registration form already uploaded, so that a retry (say, after "username
 * taken") presents the same claims instead of uploading the files again. Another choice of files,
 * or a refusal of the documents themselves, uploads afresh.
 */
export interface DocumentUploads {
  files: readonly File[];
  claims: DocumentClaim[];
}

const sameFiles = (a: readonly File[], b: readonly File[]) =>
  a.length === b.length && a.every((file, i) => file === b[i]);

/**
 * `POST /api/auth/local/register`, first uploading a Provider's ID documents (001 §3, §4) unless
 * `previous` already holds them; `remember` is told what was uploaded. The server answers a session as
 * sign-in does (decision 0030): then, as for a login, the user with all relations. An answer without a
 * token (an account the server does not sign in yet) is `{ jwt: '', user }`.
 */
export async function registerAccount(
  payload: RegisterPayload,
  documents: readonly File[],
  previous?: DocumentUploads | null,
  remember?: (uploads: DocumentUploads | null) => void,
): Promise<AuthResponse> {
  let docs: DocumentClaim[] | undefined;
  if (documents.length > 0) {
    docs =
      previous && sameFiles(previous.files, documents) ? previous.claims : await uploadDocuments(documents);
    remember?.({ files: [...documents], claims: docs });
  }
  try {
    const answer = await apiPost<Partial<AuthResponse> & Pick<AuthResponse, 'user'>>(
      '/auth/local/register',
      docs ? { ...payload, docs } : payload,
      { auth: false },
    );
    return answer.jwt ? withFullUser({ jwt: answer.jwt, user: answer.user }) : { jwt: '', user: answer.user };
  } catch (error) {
    // The documents themselves were refused (expired or already used): the next try uploads again.
    if (serverFieldErrors(error).some(({ field }) => field === 'docs')) remember?.(null);
    throw error;
  }
}

/** Forgot password (001 §7): the server mails a reset link to `to`. */
export function sendResetLink(email: string): Promise<unknown> {
  return apiPost<unknown>('/upload/sendmail', { to: email }, { auth: false });
}

export function resetPassword(
  code: string,
  password: string,
  passwordConfirmation: string,
): Promise<AuthResponse> {
  return apiPost<AuthResponse>(
    '/auth/reset-password',
    { code, password, passwordConfirmation },
    { auth: false },
  );
}

export function changePassword(body: {
  currentPassword: string;
  password: string;
  passwordConfirmation: string;
}): Promise<AuthResponse> {
  return apiPost<AuthResponse>('/auth/change-password', body);
}

// ---- hooks -------------------------------------------------------------------------------------

/**
 * Registers an account and saves its user id (spec 000 §4); the form then starts the session the answer
 * carries (decision 0030).
 */
export function useRegister() {
  return useMutation({
    mutationFn: ({
      payload,
      documents,
      uploads,
    }: {
      payload: RegisterPayload;
      documents: readonly File[];
      /** The form's memory of what it already uploaded (kept across retries). */
      uploads?: { current: DocumentUploads | null };
    }) =>
      registerAccount(payload, documents, uploads?.current, (next) => {
        if (uploads) uploads.current = next;
      }),
    onSuccess: ({ user }) => writeItem(STORAGE_KEYS.userId, String(user.id)),
  });
}

export function useSendResetLink() {
  return useMutation({ mutationFn: (email: string) => sendResetLink(email) });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: ({
      code,
      password,
      passwordConfirmation,
    }: {
      code: string;
      password: string;
      passwordConfirmation: string;
    }) => resetPassword(code, password, passwordConfirmation),
  });
}

/**
 * Changes the password and keeps the new token (the server revokes the old one). The user record of
 * the reply may carry fewer relations than the session's, so it is merged over the current one.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  const { login, user } = useSession();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: ({ jwt, user: fresh }) => {
      login(jwt, { ...user, ...fresh });
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}

/**
 * "Sign out everywhere": the server revokes every token of the account (`POST /api/auth/logout-all`);
 * then this session ends too and the browser loads the login page.
 */
export function useSignOutEverywhere() {
  const { logout } = useSession();
  return useMutation({
    mutationFn: () => apiPost<{ ok: true }>('/auth/logout-all'),
    onSuccess: () => {
      logout();
      loadPage('/login');
    },
  });
}

/**
 * `POST /api/auth/delete-account`: the account deletes itself with its password (and a code when two-factor
 * sign-in is on); every session ends, so this one is forgotten and the home page loads.
 */
export function useDeleteAccount() {
  const { logout } = useSession();
  return useMutation({
    mutationFn: (body: { password: string; code?: string }) =>
      apiPost<{ deleted: true }>('/auth/delete-account', body),
    onSuccess: () => {
      logout();
      loadPage('/');
    },
  });
}
