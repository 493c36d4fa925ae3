import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it('hides tokens and codes in query strings and the calendar feed path', () => {
    expect(redactUrl('/api/user/email-verify?token=abc123')).toBe('/api/user/email-verify?token=[redacted]');
    expect(redactUrl('/x?email=a%40b.c&code=123456&next=1')).toBe('/x?email=a%40b.c&code=[redacted]&next=1');
    expect(redactUrl('/api/calendar/Zx9-secret.ics')).toBe('/api/calendar/[redacted].ics');
    expect(redactUrl('/api/files/children/ab.jpg?expires=1795000000&signature=Q1w-_e')).toBe(
      '/api/files/children/ab.jpg?expires=1795000000&signature=[redacted]',
    );
  });

  it('leaves other URLs alone', () => {
    expect(redactUrl('/api/programs/all-list?q=soccer&page=2')).toBe('/api/programs/all-list?q=soccer&page=2');
  });
});
