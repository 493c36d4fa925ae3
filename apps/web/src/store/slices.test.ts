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
    // A parent with every optional field filled (e2e/session.spec.ts stubs one with none).
    const profile: UserProfile = {
      firstName: 'Maya',
      lastName: 'Okafor',
      email: 'maya@family.example',
      phone: '4155550134',
      address: '12 Elm Street, Oakland, CA 94607',
      avatarUrl: '/api/files/avatars/maya.png',
      id: 'user-7',
      familyId: 'family-7',
      roles: ['parent'],
      emailVerified: true,
      createdAt: '2026-09-01T08:30:00.000Z',
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
