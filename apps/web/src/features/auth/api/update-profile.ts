import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AVATAR_FIELD, type ProfileUpdateInput, type UserProfile } from '@kikstart/contract/auth';
import { apiWrite } from '../../../lib/api-client.ts';
import { profileQueryKeyRoot } from './get-profile.ts';

export interface UpdateProfileVariables {
  fields: ProfileUpdateInput;
  /** A JPEG or PNG; when present the request is multipart/form-data. */
  avatar?: File | null;
}

/** POST /api/user/profile-update: JSON, or multipart with the optional `avatar` file. */
export async function updateProfile({ fields, avatar }: UpdateProfileVariables) {
  if (!avatar) return (await apiWrite<UserProfile>('/user/profile-update', fields)).data;
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value ?? '');
  form.append(AVATAR_FIELD, avatar, avatar.name);
  return (await apiWrite<UserProfile>('/user/profile-update', form)).data;
}

/** Refreshes the profile query afterwards, so the session (header name, avatar) follows. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKeyRoot }),
  });
}
