import { describe, expect, it } from 'vitest';
import { formatPhoneAsTyped } from './phone.ts';

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
    expect(formatPhoneAsTyped('(415) 555-0142')).toBe('415-555-0142');
    expect(formatPhoneAsTyped('abc')).toBe('');
    expect(formatPhoneAsTyped('415-')).toBe('415');
  });

  it('keeps at most 10 digits', () => {
    expect(formatPhoneAsTyped('41555501429999')).toBe('415-555-0142');
    expect(formatPhoneAsTyped('+1 415 555 0142')).toBe('141-555-5014');
  });

  it('is stable when re-applied to its own output', () => {
    const once = formatPhoneAsTyped('4155550');
    expect(formatPhoneAsTyped(once)).toBe(once);
  });
});
