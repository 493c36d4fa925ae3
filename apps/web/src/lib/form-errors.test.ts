import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { applyServerErrors } from './form-errors.ts';

describe('applyServerErrors', () => {
  it('puts each server message under its field and focuses the first', () => {
    const setError = vi.fn();
    const error = new ApiError('Invalid', 400, {
      email: 'An account with this email already exists',
      phone: 'Phone must be 10 digits',
    });
    expect(applyServerErrors(error, setError)).toBe(true);
    expect(setError).toHaveBeenNthCalledWith(
      1,
      'email',
      { type: 'server', message: 'An account with this email already exists' },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenNthCalledWith(
      2,
      'phone',
      { type: 'server', message: 'Phone must be 10 digits' },
      { shouldFocus: false },
    );
  });

  it('only sets the listed fields and reports whether any matched', () => {
    const setError = vi.fn();
    const error = new ApiError('Expired', 400, { token: 'This password reset has expired.' });
    expect(applyServerErrors(error, setError, ['password'])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });

  it('ignores errors that are not ApiErrors or carry no field messages', () => {
    const setError = vi.fn();
    expect(applyServerErrors(new Error('network'), setError)).toBe(false);
    expect(applyServerErrors(new ApiError('Email or password is incorrect', 401), setError)).toBe(false);
    expect(applyServerErrors(undefined, setError)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
