import { useMutation } from '@tanstack/react-query';
import type { NewsletterResult, NewsletterSignupInput } from '@kikstart/contract/leads';
import { apiWrite } from '../../../lib/api-client.ts';

/** POST /api/newsletter/add: sends a confirmation mail (double opt-in). */
export const addNewsletter = (input: NewsletterSignupInput) => apiWrite<NewsletterResult>('/newsletter/add', input);

export const useAddNewsletter = () => useMutation({ mutationFn: addNewsletter });
