import { describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES, markdownField } from './admin-content.ts';

const problem = (text: string) => {
  const result = markdownField().safeParse(text);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('markdownField: Markdown as the public pages render it', () => {
  it('keeps ordinary Markdown, comparisons and safe links', () => {
    for (const text of [
      '## Heading\n\n- **bold** item\n1. step',
      'Ages 4 < 8 and 10 > 9',
      '[Email us](mailto:hello@kikstart.example) or [read more](/about-us) or [site](https://kikstart.example)',
      'Your data: name and email',
    ]) {
      expect(problem(text), text).toBeNull();
    }
  });

  it('refuses HTML tags and links that run code or embed data', () => {
    expect(problem('<script>alert(1)</script>')).toBe(CONTENT_MESSAGES.noHtml);
    expect(problem('Hi <b>there</b>')).toBe(CONTENT_MESSAGES.noHtml);
    expect(problem('<javascript:alert(1)>')).toBe(CONTENT_MESSAGES.noHtml);
    expect(problem('[x](javascript:alert(1))')).toBe(CONTENT_MESSAGES.unsafeLink);
    expect(problem('[x]( JavaScript :alert(1))')).toBe(CONTENT_MESSAGES.unsafeLink);
    expect(problem('[x]: vbscript:msgbox')).toBe(CONTENT_MESSAGES.unsafeLink);
    expect(problem('![img](data:image/svg+xml;base64,AAAA)')).toBe(CONTENT_MESSAGES.unsafeLink);
  });
});
