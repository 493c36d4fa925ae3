import { useMutation } from '@tanstack/react-query';
import type { AccountDeletion, DeleteAccountInput } from '@kikstart/contract/family';
import { apiWrite } from '../../../lib/api-client.ts';

/** POST /api/user/delete-account: needs the password; every session of the account ends. */
export const deleteAccount = (input: DeleteAccountInput) =>
  apiWrite<AccountDeletion>('/user/delete-account', input).then((e) => e.data);

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
