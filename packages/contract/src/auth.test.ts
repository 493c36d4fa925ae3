import { describe, expect, it } from 'vitest';
import { profileUpdateSchema } from './auth.ts';

describe('profile address', () => {
  it('stores line breaks the same whether they came as CRLF (multipart) or LF (JSON)', () => {
    const multipart = profileUpdateSchema.parse({ address: ' 12 Oak St\r\nChicago, IL ' });
    const json = profileUpdateSchema.parse({ address: '12 Oak St\nChicago, IL' });
    expect(multipart.address).toBe('12 Oak St\nChicago, IL');
    expect(json.address).toBe(multipart.address);
  });
});
