import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { ThemeMode } from '../theme/create-app-theme.ts';
import { readThemeChoice } from '../theme/theme-choice.ts';

export interface UiState {
  /** The visitor's pick, from the theme cookie; null follows the OS preference. */
  themeChoice: ThemeMode | null;
}

export const uiSlice = createSlice({
  name: 'ui',
  initialState: (): UiState => ({ themeChoice: readThemeChoice() }),
  reducers: {
    chooseThemeMode(state, action: PayloadAction<ThemeMode>) {
      state.themeChoice = action.payload;
    },
  },
});

export const { chooseThemeMode } = uiSlice.actions;
