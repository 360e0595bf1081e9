import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../api/client.ts';
import { uploadFiles } from '../../api/upload.ts';
import { ME_QUERY_KEY, useSession } from '../../app/session.tsx';
import type { SessionUser } from '../../app/session.tsx';

export interface ProfileChanges {
  first_name?: string;
  last_name?: string;
  phone_number?: string;
  dob?: string;
  city?: string;
  avatar?: number;
  message_mail?: boolean;
}

export function updateProfile(userId: number, changes: ProfileChanges): Promise<SessionUser> {
  return apiPut<SessionUser>(`/users/${userId}`, changes);
}

/** Uploads a new profile picture (public, with the token) and makes it the user's avatar. */
export async function replaceAvatar(userId: number, file: File): Promise<SessionUser> {
  const [uploaded] = await uploadFiles(file);
  if (!uploaded) throw new Error('The upload returned no file');
  return updateProfile(userId, { avatar: uploaded.id });
}

// ---- hooks -------------------------------------------------------------------------------------

/** Saves profile fields or a new avatar, then refreshes the session's user with all relations. */
function useProfileMutation<TVariables>(
  mutationFn: (userId: number, variables: TVariables) => Promise<SessionUser>,
) {
  const queryClient = useQueryClient();
  const { user, userId, setUser } = useSession();
  return useMutation({
    mutationFn: (variables: TVariables) => {
      const id = userId ?? user?.id;
      if (id === undefined || id === null) throw new Error('Not signed in');
      return mutationFn(id, variables);
    },
    onSuccess: (fresh) => {
      setUser({ ...user, ...fresh });
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}

export function useUpdateProfile() {
  return useProfileMutation((userId, changes: ProfileChanges) => updateProfile(userId, changes));
}

export function useReplaceAvatar() {
  return useProfileMutation((userId, file: File) => replaceAvatar(userId, file));
}
