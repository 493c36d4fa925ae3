/** One formatter per locale, currency and cents-or-not: making an Intl.NumberFormat costs far more than using one. */
const formats = new Map<string, Intl.NumberFormat>();

/**
 * US dollars as en-US writes them ('$1,249', '-$15', '$19.50'), without Intl: the first
 * Intl.NumberFormat of a page loads the browser's currency data, ≈ 20 ms of a phone's main thread
 * while the landing page's program cards hydrate (issue 19). Every price on the site is in USD.
 */
function usDollars(amount: number, whole: boolean) {
  const [units, cents] = Math.abs(amount)
    .toFixed(whole ? 0 : 2)
    .split('.');
  const grouped = units!.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${amount < 0 ? '-' : ''}$${grouped}${cents ? `.${cents}` : ''}`;
}

/** Formats integer minor units (cents) as money, e.g. 24900 'usd' → '$249'; cents shown only when present. */
export function formatMoneyFromCents(cents: number, currency = 'usd', locale = 'en-US'): string {
  if (!Number.isFinite(cents)) return '';
  const amount = Math.round(cents) / 100;
  const whole = Number.isInteger(amount);
  if (locale === 'en-US' && currency.toLowerCase() === 'usd') return usDollars(amount, whole);
  const key = `${locale} ${currency} ${whole}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    });
    formats.set(key, format);
  }
  return format.format(amount);
}
