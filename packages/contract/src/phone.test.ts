import { describe, expect, it } from 'vitest';
import { phoneField } from './common.ts';
import { PHONE_MESSAGES, formatPhoneAsTyped, nationalDigits, phoneProblem } from './phone.ts';

describe('formatPhoneAsTyped', () => {
  it.each([
    ['', ''],
    ['4', '4'],
    ['415', '415'],
    ['4155', '415-5'],
    ['415555', '415-555'],
    ['4155550', '415-555-0'],
    ['4155550142', '415-555-0142'],
  ])('formats %j as %j', (input, expected) => {
    expect(formatPhoneAsTyped(input)).toBe(expected);
  });

  it('strips non-digits, including existing dashes and brackets', () => {
    expect(formatPhoneAsTyped('abc')).toBe('');
    expect(formatPhoneAsTyped('415-')).toBe('415');
  });

  it.each([
    ['(415) 555-0123', '415-555-0123'],
    ['+1 415 555 0123', '415-555-0123'],
    ['1-415-555-0123', '415-555-0123'],
    ['+1 (415) 555-0123', '415-555-0123'],
    ['415.555.0123', '415-555-0123'],
    ['tel: 415 555 0123', '415-555-0123'],
  ])('keeps every digit of a pasted %j', (pasted, expected) => {
    expect(formatPhoneAsTyped(pasted)).toBe(expected);
  });

  it('keeps at most 10 digits', () => {
    expect(formatPhoneAsTyped('41555501429999')).toBe('415-555-0142');
  });

  it('typing "+1 415 555 0123" key by key ends on the national number', () => {
    let value = '';
    for (const key of '+1 415 555 0123') value = formatPhoneAsTyped(value + key);
    expect(value).toBe('415-555-0123');
  });

  it('is stable when re-applied to its own output', () => {
    const once = formatPhoneAsTyped('4155550');
    expect(formatPhoneAsTyped(once)).toBe(once);
  });
});

describe('nationalDigits', () => {
  it('drops a leading country code 1 only when there are more than 10 digits', () => {
    expect(nationalDigits('+1 415 555 0123')).toBe('4155550123');
    expect(nationalDigits('1235550123')).toBe('1235550123');
    expect(nationalDigits('(415) 555-0123')).toBe('4155550123');
  });
});

describe('phoneProblem: North American numbering', () => {
  it('accepts a number whose area code and exchange start with 2–9', () => {
    for (const digits of ['4155550123', '2125550199', '9999999999', '2002000000'])
      expect(phoneProblem(digits)).toBeNull();
  });

  it.each([
    ['0000000000', 'all zeros'],
    ['0415550123', 'area code starting with 0'],
    ['1415550123', 'area code starting with 1'],
    ['4150550123', 'exchange starting with 0'],
    ['4151550123', 'exchange starting with 1'],
    ['1234567890', 'a counting pattern'],
  ])('refuses %s (%s) with the numbering message', (digits) => {
    expect(phoneProblem(digits)).toBe(PHONE_MESSAGES.numbering);
  });

  it('says required when empty and the digit rule for a wrong count', () => {
    expect(phoneProblem('')).toBe(PHONE_MESSAGES.required);
    expect(phoneProblem('415555012')).toBe(PHONE_MESSAGES.digits);
    expect(phoneProblem('41555501234')).toBe(PHONE_MESSAGES.digits);
  });
});

describe('phoneField (the server and every form)', () => {
  const field = phoneField('Phone is required');
  const message = (input: unknown) => field.safeParse(input).error?.issues[0]?.message;

  it('stores the 10 digits of what was typed or pasted', () => {
    expect(field.parse('(415) 555-0123')).toBe('4155550123');
    expect(field.parse('+1 415 555 0123')).toBe('4155550123');
    expect(field.parse('415-555-0123')).toBe('4155550123');
  });

  it('refuses numbers that cannot be dialled with the contract messages', () => {
    expect(message('000-000-0000')).toBe(PHONE_MESSAGES.numbering);
    expect(message('123-555-0123')).toBe(PHONE_MESSAGES.numbering);
    expect(message('415-055-0123')).toBe(PHONE_MESSAGES.numbering);
    expect(message('415-555-012')).toBe(PHONE_MESSAGES.digits);
    expect(message('')).toBe('Phone is required');
    expect(message('call me')).toBe('Phone is required');
    expect(message(undefined)).toBe('Phone is required');
    expect(message('5'.repeat(41))).toBe(PHONE_MESSAGES.digits);
  });
});
