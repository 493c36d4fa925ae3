import { describe, expect, it } from 'vitest';
import { uploadUrl } from './upload-url.ts';

describe('uploadUrl', () => {
  it('prefixes upload paths with the API host', () => {
    expect(uploadUrl('/uploads/avatars/a.png', '')).toBe('/uploads/avatars/a.png');
    expect(uploadUrl('/uploads/avatars/a.png', 'https://api.kikstart.example/')).toBe(
      'https://api.kikstart.example/uploads/avatars/a.png',
    );
    expect(uploadUrl('uploads/a.png', 'https://api.kikstart.example')).toBe(
      'https://api.kikstart.example/uploads/a.png',
    );
  });
  it('keeps the signature of a private picture link', () => {
    const link = '/api/files/children/0123456789abcdef0123456789abcdef.jpg?expires=1795000000&signature=abc_-9';
    expect(uploadUrl(link, 'https://api.kikstart.example')).toBe(`https://api.kikstart.example${link}`);
    expect(uploadUrl(link, '')).toBe(link);
  });
  it('keeps absolute and local URLs and maps empty to undefined', () => {
    expect(uploadUrl('blob:http://x/1', 'https://api')).toBe('blob:http://x/1');
    expect(uploadUrl('https://cdn.example/a.png', 'https://api')).toBe('https://cdn.example/a.png');
    expect(uploadUrl(null)).toBeUndefined();
    expect(uploadUrl('')).toBeUndefined();
  });
});
