import { describe, expect, it } from 'vitest';
import { formatMoneyFromCents } from './money.ts';

describe('formatMoneyFromCents', () => {
  it('formats whole amounts without cents', () => {
    expect(formatMoneyFromCents(24900)).toBe('$249');
    expect(formatMoneyFromCents(0)).toBe('$0');
    expect(formatMoneyFromCents(100000)).toBe('$1,000');
  });

  it('shows cents when present', () => {
    expect(formatMoneyFromCents(1999)).toBe('$19.99');
    expect(formatMoneyFromCents(1950)).toBe('$19.50');
    expect(formatMoneyFromCents(5)).toBe('$0.05');
  });

  it('accepts lower-case currency codes', () => {
    expect(formatMoneyFromCents(24900, 'usd')).toBe('$249');
    expect(formatMoneyFromCents(1000, 'eur')).toBe('€10');
  });

  it('handles negative amounts (refunds) and non-numbers', () => {
    expect(formatMoneyFromCents(-1500)).toBe('-$15');
    expect(formatMoneyFromCents(Number.NaN)).toBe('');
  });

  it('writes US dollars exactly as Intl does, without asking it', () => {
    const intl = (cents: number) =>
      new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: Number.isInteger(Math.round(cents) / 100) ? 0 : 2,
        maximumFractionDigits: 2,
      }).format(Math.round(cents) / 100);
    const samples = [
      0, 1, 5, 99, 100, 101, 999, 1000, 1001, 99999, 100000, 123456789, 100000000000, -1, -1500, -123456, 1999.6,
    ];
    for (let i = 0; i < 2000; i++) samples.push(Math.round((Math.random() - 0.2) * 10 ** (1 + (i % 12))) || 0); // no -0: Intl writes "-$0"
    for (const cents of samples) expect(formatMoneyFromCents(cents), String(cents)).toBe(intl(cents));
  });
});
