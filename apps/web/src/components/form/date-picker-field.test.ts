import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dayjsToIsoDay, isoDayToDayjs } from './date-picker-field.tsx';

describe('DatePickerField value conversion (stores YYYY-MM-DD)', () => {
  it('reads a stored day as that local calendar day', () => {
    const d = isoDayToDayjs('2030-02-15');
    expect(d?.year()).toBe(2030);
    expect(d?.month()).toBe(1);
    expect(d?.date()).toBe(15);
  });
  it('treats empty, malformed and impossible values as no date', () => {
    for (const v of ['', undefined, null, '15/02/2030', '2030-2-15', 'tomorrow', 42])
      expect(isoDayToDayjs(v)).toBeNull();
  });
  it('writes the picked day as YYYY-MM-DD, and an incomplete one as empty', () => {
    expect(dayjsToIsoDay(dayjs(new Date(2031, 0, 5)))).toBe('2031-01-05');
    expect(dayjsToIsoDay(null)).toBe('');
    expect(dayjsToIsoDay(dayjs('not a date'))).toBe('');
  });
});
