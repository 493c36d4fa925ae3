import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@kikstart/contract/common';
import { notify } from '../../../../lib/notifications.ts';

/** Every query of the money section starts with this key, so a change refreshes what it touches. */
export const MONEY_KEY = 'admin-money';

/**
 * A staff write in the money section: the server's message as a success toast (spec §8; the API
 * client toasts failures) and the section's lists fetched again.
 */
export function useMoneyMutation<TInput, TData>(call: (input: TInput) => Promise<Envelope<TData>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TInput) => {
      const envelope = await call(input);
      notify('success', envelope.message);
      return envelope.data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [MONEY_KEY] }),
  });
}
