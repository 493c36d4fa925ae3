/** Formats integer minor units (cents) as money, e.g. 24900 'usd' → '$249'; cents shown only when present. */
export function formatMoneyFromCents(cents: number, currency = 'usd', locale = 'en-US'): string {
  if (!Number.isFinite(cents)) return '';
  const amount = Math.round(cents) / 100;
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}
