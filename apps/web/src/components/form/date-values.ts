import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';

/** The picker's default range (spec §5). */
export const DATE_FIELD_MIN = '1900-01-01';
export const DATE_FIELD_MAX = '2099-12-31';
const DAY_FORMAT = 'YYYY-MM-DD';

/** 'YYYY-MM-DD' (or '') → the picker's value. */
export const isoDayToDayjs = (value: unknown): Dayjs | null => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const day = dayjs(value, DAY_FORMAT);
  return day.isValid() ? day : null;
};

/** The picker's value → 'YYYY-MM-DD', or '' while empty or incomplete (the schema reports it). */
export const dayjsToIsoDay = (value: Dayjs | null): string =>
  value && value.isValid() ? value.format(DAY_FORMAT) : '';
