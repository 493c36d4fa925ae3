import { z } from 'zod';
import { PHONE_DIGITS, PHONE_MESSAGES, nationalDigits, phoneProblem, stripNonDigits } from './phone.ts';
import type { ErrorCode } from './errors.ts';

export { PHONE_DIGITS, stripNonDigits };

/** Every JSON response: `status` equals the HTTP status (GUIDE.md §3). */
export interface Envelope<T> {
  status: number;
  message: string;
  data: T;
  /** On every error answer: what went wrong, for code to branch on (errors.ts). Successes omit it. */
  code?: ErrorCode;
  /** Per-field messages, only on 400 validation errors. */
  errors?: Record<string, string>;
}

/** The success envelope around `data`: the 200 response schema of a route. */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.number().int(), message: z.string(), data });

/** Fallback text when a failure carries no message of its own (spec §8). */
export const FALLBACK_ERROR_MESSAGE = 'Something went wrong';

/** Long enough for any real value; stops megabyte strings reaching the database. */
export const MAX_SHORT_TEXT = 200;
export const MAX_LONG_TEXT = 5000;

/**
 * Characters no form can type and PostgreSQL may refuse: NUL (text cannot hold it), other
 * control characters, and half of a surrogate pair (jsonb refuses the `\ud800` escape). Every
 * free-text field refuses them with a 400 naming the field, so the database never sees them
 * (and never fails with the value in its error). Multi-line fields keep tab and line breaks.
 */
export const INVALID_CHARACTERS = 'Must not contain invalid characters';
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROL_CHARS_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /\p{Surrogate}/u;

/** True when `value` holds only characters a person can type; `lines` allows tab and line breaks. */
export function isCleanText(value: string | null | undefined, { lines = true }: { lines?: boolean } = {}): boolean {
  if (!value) return true;
  return !(lines ? CONTROL_CHARS_EXCEPT_LINES : CONTROL_CHARS).test(value) && !LONE_SURROGATE.test(value);
}

/** `value` with each character isCleanText refuses (line breaks too) replaced by U+FFFD, for what must be stored as it came. */
export const withInvalidCharactersReplaced = (value: string): string =>
  value
    .replace(new RegExp(CONTROL_CHARS.source, 'g'), '\ufffd')
    .replace(new RegExp(LONE_SURROGATE.source, 'gu'), '\ufffd');

export interface TextRuleOptions {
  /** Allow tab and line breaks (notes, messages, addresses). Names and single lines: false. */
  lines?: boolean;
}

/** A trimmed, required text field with the given message when empty. */
export const requiredText = (message: string, max = MAX_SHORT_TEXT, { lines = true }: TextRuleOptions = {}) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters`)
    .refine((v) => isCleanText(v, { lines }), INVALID_CHARACTERS);

export const optionalText = (max = MAX_SHORT_TEXT, { lines = true }: TextRuleOptions = {}) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .refine((v) => isCleanText(v, { lines }), INVALID_CHARACTERS)
    .optional();

/**
 * Phone (spec §5, §9): what was typed or pasted becomes the 10 digits of the national number
 * (phone.ts drops separators and a leading country code 1), then the numbering rule applies.
 * `requiredMessage` replaces "Phone is required" where a form names the field differently.
 */
export const phoneField = (requiredMessage: string = PHONE_MESSAGES.required) =>
  z
    .string({ error: requiredMessage })
    .max(40, PHONE_MESSAGES.digits)
    .transform(nationalDigits)
    .superRefine((digits, ctx) => {
      const problem = phoneProblem(digits);
      if (problem) ctx.addIssue({ code: 'custom', message: digits ? problem : requiredMessage });
    });

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'))
  .transform((email) => email.toLowerCase());

export const uuidParam = z.uuid('Must be a valid id');

/** Yes/No option lists use ids 1 and 2 (spec §1). */
export const YES_NO = [
  { id: 1, label: 'Yes' },
  { id: 2, label: 'No' },
] as const;
export const YES = 1;
export const NO = 2;
/** One literal with two values, so a missing choice gets `message` too (a union of literals would say 'expected 1'). */
export const yesNoField = (message: string) => z.literal([YES, NO], { error: message });

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export interface Paged<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
}

/** The response schema of a paged list of `item`. */
export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), page: z.number().int(), limit: z.number().int(), total: z.number().int() });

/** `data: null`: the answer is the message alone. */
export const nullData = z.null();
