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
});
