import { describe, expect, it } from 'vitest';
import { counterSlice, decrement, increment } from './counter-slice.ts';
import {
  initialSessionState,
  logout,
  profileDisplayName,
  sessionSlice,
  setOnBoardingToken,
  setProfile,
  type UserProfile,
} from './session-slice.ts';
import { chooseThemeMode, uiSlice } from './ui-slice.ts';

describe('session slice', () => {
  const reduce = sessionSlice.reducer;
  it('starts logged out', () => {
    expect(reduce(undefined, { type: '@@init' })).toEqual({ isLoggedIn: false, userData: null, onBoardingToken: null });
  });
  it('stores the profile and logs in; logout resets everything', () => {
    const profile: UserProfile = {
      id: 'u1',
      email: 'ana@example.com',
      firstName: 'Ana Maria',
      lastName: 'Lopez',
      phone: null,
      address: null,
      avatarUrl: null,
      role: 'parent',
      emailVerified: true,
      familyId: null,
      createdAt: '2026-11-22T10:00:00.000Z',
    };
    let state = reduce(initialSessionState, setProfile(profile));
    state = reduce(state, setOnBoardingToken('onb'));
    expect(state).toEqual({ isLoggedIn: true, userData: profile, onBoardingToken: 'onb' });
    expect(reduce(state, logout())).toEqual(initialSessionState);
  });
  it('names the user by first and last name, else by email', () => {
    expect(profileDisplayName({ email: 'a@b.c', firstName: 'Ana', lastName: 'Lopez' })).toBe('Ana Lopez');
    expect(profileDisplayName({ email: 'a@b.c', firstName: '', lastName: '' })).toBe('a@b.c');
    expect(profileDisplayName(null)).toBe('');
  });
});

describe('counter slice', () => {
  it('starts at 0 and goes up and down', () => {
    const reduce = counterSlice.reducer;
    let state = reduce(undefined, { type: '@@init' });
    expect(state.value).toBe(0);
    state = reduce(reduce(state, increment()), increment());
    expect(reduce(state, decrement()).value).toBe(1);
  });
});

describe('ui slice', () => {
  it('starts with no theme choice (no cookie) and records a pick', () => {
    const state = uiSlice.reducer(undefined, { type: '@@init' });
    expect(state.themeChoice).toBeNull();
    expect(uiSlice.reducer(state, chooseThemeMode('dark')).themeChoice).toBe('dark');
    expect(uiSlice.reducer(state, chooseThemeMode('light')).themeChoice).toBe('light');
  });
});
