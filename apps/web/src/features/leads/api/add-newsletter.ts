import { useMutation } from '@tanstack/react-query';
import type { NewsletterResult, NewsletterSignupInput } from '@kikstart/contract/leads';
import { apiWrite } from '../../../lib/api-client.ts';

/** POST /api/newsletter/add: sends a confirmation mail (double opt-in). */
// Not a spec §8 write: the confirmation in place of the form shows the server's message, so no toast repeats it.
export const addNewsletter = (input: NewsletterSignupInput) =>
  apiWrite<NewsletterResult>('/newsletter/add', input, { successToast: false });

export const useAddNewsletter = () => useMutation({ mutationFn: addNewsletter });
