import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

/** The signed-in user's profile as GET /api/user/profile returns it (a type only: no zod in the bundle). */
import type { UserProfile } from '@kikstart/contract/auth';
export type { UserProfile };

export interface SessionState {
  isLoggedIn: boolean;
  userData: UserProfile | null;
  onBoardingToken: string | null;
}

export const initialSessionState: SessionState = { isLoggedIn: false, userData: null, onBoardingToken: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** A profile fetch with status 200: store it and mark the session logged in (spec §4). */
    setProfile(state, action: PayloadAction<UserProfile>) {
      state.userData = action.payload;
      state.isLoggedIn = true;
    },
    /** Logout or a lost session: back to the initial, logged-out state. */
    logout() {
      return initialSessionState;
    },
    setOnBoardingToken(state, action: PayloadAction<string | null>) {
      state.onBoardingToken = action.payload;
    },
  },
});

export const { setProfile, logout, setOnBoardingToken } = sessionSlice.actions;

/** Display name for the header and avatar: first and last name, else the email. */
export const profileDisplayName = (user: Pick<UserProfile, 'firstName' | 'lastName' | 'email'> | null) =>
  user ? [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email : '';
