import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { ThemeMode } from '../theme/create-app-theme.ts';

export interface UiState {
  themeMode: ThemeMode;
}

export const uiSlice = createSlice({
  name: 'ui',
  initialState: { themeMode: 'light' } as UiState,
  reducers: {
    setThemeMode(state, action: PayloadAction<ThemeMode>) {
      state.themeMode = action.payload;
    },
    toggleThemeMode(state) {
      state.themeMode = state.themeMode === 'light' ? 'dark' : 'light';
    },
  },
});

export const { setThemeMode, toggleThemeMode } = uiSlice.actions;
