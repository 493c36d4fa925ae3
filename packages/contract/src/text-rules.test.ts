import { describe, expect, it } from 'vitest';
import { isCleanText, optionalText, requiredText } from './common.ts';
import { signupSchema } from './auth.ts';

describe('free-text rules', () => {
  it('refuse NUL, other control characters and half a surrogate pair', () => {
    for (const bad of ['a\u0000b', 'a\u0007b', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\ud800b', 'a\udfffb', '\ud83d']) {
      expect(isCleanText(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('keep every script, emoji (a whole surrogate pair) and, where lines are allowed, tab and line breaks', () => {
    for (const good of ['Zoë', '李小龍', 'Ñandú', 'Rosa 😀 López', 'line one\nline two\r\n\tindented'])
      expect(isCleanText(good)).toBe(true);
    expect(isCleanText('two\nlines', { lines: false })).toBe(false);
    expect(isCleanText('tab\there', { lines: false })).toBe(false);
  });

  it('requiredText and optionalText apply them with the field message', () => {
    expect(requiredText('Name is required').safeParse('Ana\u0000').error?.issues[0]?.message).toBe(
      'Must not contain invalid characters',
    );
    expect(requiredText('Name is required', 100, { lines: false }).safeParse('Ana\nB').success).toBe(false);
    expect(optionalText().safeParse('ok\ud800').success).toBe(false);
    expect(optionalText().safeParse(undefined).success).toBe(true);
  });

  it('sign-up names refuse half a surrogate pair', () => {
    const r = signupSchema.safeParse({
      firstName: 'Ana\udc00',
      lastName: 'López',
      email: 'a@b.example',
      phone: '4155550100',
      password: 'a-long-passphrase-9',
    });
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['firstName']);
  });
});
