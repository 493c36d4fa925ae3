import { describe, expect, it } from 'vitest';
import { uploadUrl } from './upload-url.ts';

describe('uploadUrl', () => {
  it('prefixes upload paths with the API host', () => {
    expect(uploadUrl('/uploads/avatars/a.png', '')).toBe('/uploads/avatars/a.png');
    expect(uploadUrl('/uploads/avatars/a.png', 'https://api.kikstart.example/')).toBe('https://api.kikstart.example/uploads/avatars/a.png');
    expect(uploadUrl('uploads/a.png', 'https://api.kikstart.example')).toBe('https://api.kikstart.example/uploads/a.png');
  });
  it('keeps absolute and local URLs and maps empty to undefined', () => {
    expect(uploadUrl('blob:http://x/1', 'https://api')).toBe('blob:http://x/1');
    expect(uploadUrl('https://cdn.example/a.png', 'https://api')).toBe('https://cdn.example/a.png');
    expect(uploadUrl(null)).toBeUndefined();
    expect(uploadUrl('')).toBeUndefined();
  });
});
