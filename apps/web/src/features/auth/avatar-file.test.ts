import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, avatarFileProblem } from './avatar-file.ts';

describe('avatarFileProblem', () => {
  it('accepts JPEG and PNG within the size limit', () => {
    expect(avatarFileProblem({ type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(avatarFileProblem({ type: 'image/png', size: AVATAR_MAX_BYTES })).toBeNull();
  });
  it('refuses other types, empty and oversized files', () => {
    expect(avatarFileProblem({ type: 'image/gif', size: 10 })).toBe('Choose a JPEG or PNG image');
    expect(avatarFileProblem({ type: 'application/pdf', size: 10 })).toBe('Choose a JPEG or PNG image');
    expect(avatarFileProblem({ type: 'image/png', size: 0 })).toBe('This file is empty');
    expect(avatarFileProblem({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe('The photo is too large (at most 5 MB)');
  });
});

