import { describe, expect, it } from 'vitest';
import { UPLOAD_KINDS, UPLOAD_MESSAGES } from '@kikstart/contract/uploads';
import { AVATAR_ACCEPT, avatarFileProblem } from './avatar-file.ts';

const MAX = UPLOAD_KINDS.image.maxBytes;

describe('avatarFileProblem', () => {
  it('accepts JPEG and PNG within the API limit', () => {
    expect(avatarFileProblem({ name: 'me.jpg', type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(avatarFileProblem({ name: 'me.png', type: 'image/png', size: MAX })).toBeNull();
    expect(AVATAR_ACCEPT).toContain('image/png');
  });
  it('refuses other types, empty and oversized files with the contract messages', () => {
    expect(avatarFileProblem({ name: 'me.gif', type: 'image/gif', size: 10 })).toBe('Choose a JPEG or PNG image');
    expect(avatarFileProblem({ name: 'cv.pdf', type: 'application/pdf', size: 10 })).toBe('Choose a JPEG or PNG image');
    expect(avatarFileProblem({ name: 'me.png', type: 'image/png', size: 0 })).toBe(UPLOAD_MESSAGES.empty);
    expect(avatarFileProblem({ name: 'me.png', type: 'image/png', size: MAX + 1 })).toBe(
      'The file is too large (at most 5 MB)',
    );
  });
});
