/**
 * The phone rule of spec §5 and §9, shared by the forms, the server and the mails. No zod here,
 * so pages that only display a phone number do not load the schema library.
 */
export const PHONE_DIGITS = 10;

export const stripNonDigits = (value: string) => value.replace(/\D/g, '');

/** Digits only, at most 10, dashes after the 3rd and 6th digit: 000-000-0000, also while typing. */
export function formatPhoneAsTyped(input: string): string {
  const digits = stripNonDigits(input).slice(0, PHONE_DIGITS);
  if (digits.length <= 3) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}
