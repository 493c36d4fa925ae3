/**
 * The phone rule of spec §5 and §9, shared by the forms, the server and the mails. No zod here,
 * so pages that only display a phone number do not load the schema library (common.ts wraps
 * it in `phoneField`).
 */
export const PHONE_DIGITS = 10;

export const PHONE_MESSAGES = {
  required: 'Phone is required',
  digits: `Phone must be ${PHONE_DIGITS} digits`,
  /** North American numbering: area codes and exchanges start with 2–9. */
  numbering: 'The area code and the next 3 digits cannot start with 0 or 1',
} as const;

export const stripNonDigits = (value: string) => value.replace(/\D/g, '');

/**
 * What a person typed or pasted → the digits of the national number: non-digits dropped, and a
 * leading country code 1 dropped when there are more than 10 digits ("+1 415 555 0123"). A
 * 10-digit number starting with 1 keeps its 1, so the numbering rule can say what is wrong.
 */
export function nationalDigits(input: string): string {
  const digits = stripNonDigits(input);
  return digits.length > PHONE_DIGITS && digits.startsWith('1') ? digits.slice(1) : digits;
}

/**
 * The message for a number that cannot be dialled, or null when it is fine. Expects
 * `nationalDigits` output: empty is required, a wrong count is the digits rule, and an area
 * code or exchange starting with 0 or 1 breaks the North American numbering plan (so
 * 000-000-0000 and 123-456-7890 are refused).
 */
export function phoneProblem(digits: string): string | null {
  if (digits.length === 0) return PHONE_MESSAGES.required;
  if (digits.length !== PHONE_DIGITS) return PHONE_MESSAGES.digits;
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return PHONE_MESSAGES.numbering;
  return null;
}

/**
 * Digits only, at most 10, dashes after the 3rd and 6th digit: 000-000-0000, also while typing
 * and pasting (a pasted "(415) 555-0123" or "+1 415 555 0123" becomes 415-555-0123).
 */
export function formatPhoneAsTyped(input: string): string {
  const digits = nationalDigits(input).slice(0, PHONE_DIGITS);
  if (digits.length <= 3) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}
