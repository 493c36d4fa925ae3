import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, profileUpdateSchema, signupSchema } from './auth.ts';
import { stripInvisible } from './names.ts';

const signup = (firstName: string, lastName = 'Okafor') =>
  signupSchema.safeParse({
    firstName,
    lastName,
    email: 'maya@family.example',
    phone: '415-555-0134',
    password: 'Blue-kite-river-42',
  });

describe('person names', () => {
  it('strips every bidi and zero-width character before the name is stored', () => {
    const invisible = [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u061C',
      '\u200B',
      '\u200C',
      '\u200D',
      '\uFEFF',
      '\u2060',
    ];
    for (const ch of invisible) {
      const parsed = signup(`Ma${ch}ya`, `${ch}Oka${ch}for${ch}`);
      expect(parsed.success, `U+${ch.codePointAt(0)!.toString(16)}`).toBe(true);
      expect(parsed.data).toMatchObject({ firstName: 'Maya', lastName: 'Okafor' });
    }
    expect(profileUpdateSchema.parse({ firstName: ' \u202Egnp.exe\u202C ' }).firstName).toBe('gnp.exe');
  });

  it('counts a name of only invisible characters as empty and refuses control characters', () => {
    const empty = signup('\u200B\u202E \u2066');
    expect(empty.success).toBe(false);
    expect(empty.error!.issues[0]!.message).toBe(AUTH_MESSAGES.firstName);
    for (const bad of ['Ma\u0000ya', 'Ma\nya', 'Ma\u0007ya', 'Ma\u009bya']) {
      const parsed = signup(bad);
      expect(parsed.success, JSON.stringify(bad)).toBe(false);
      expect(parsed.error!.issues[0]!.message).toBe(AUTH_MESSAGES.controlChars);
    }
  });

  it('keeps every script and sign a real name uses', () => {
    expect(signup('Zoë-Chloé', '李 Nguyễn O’Brien').data).toMatchObject({
      firstName: 'Zoë-Chloé',
      lastName: '李 Nguyễn O’Brien',
    });
    expect(signup('محمد', 'עברית').data).toMatchObject({ firstName: 'محمد', lastName: 'עברית' });
  });

  it('stripInvisible (for mail) also turns control characters into spaces', () => {
    expect(stripInvisible('Ev\u202Ee\r\nMal\u0000lory\u200D')).toBe('Eve Mal lory');
  });
});
