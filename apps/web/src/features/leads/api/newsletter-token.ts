import { useMutation } from '@tanstack/react-query';
import type { NewsletterResult } from '@kikstart/contract/leads';
import { apiWrite } from '../../../lib/api-client.ts';

export type NewsletterTokenAction = 'confirm' | 'unsubscribe';

/** POST /api/newsletter/confirm or /api/newsletter/unsubscribe with the token from the mail link.
 * The page shows the server's answer, so no toast repeats it. */
export const useNewsletterToken = (action: NewsletterTokenAction) =>
  useMutation({
    mutationFn: (token: string) =>
      apiWrite<NewsletterResult>(`/newsletter/${action}`, { token }, { successToast: false, notifyOnError: false }),
  });
