import { createSlice } from '@reduxjs/toolkit';

/** The global counter from spec §3: starts at 0, goes up or down. */
export const counterSlice = createSlice({
  name: 'counter',
  initialState: { value: 0 },
  reducers: {
    increment(state) {
      state.value += 1;
    },
    decrement(state) {
      state.value -= 1;
    },
  },
});

export const { increment, decrement } = counterSlice.actions;
