import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { logout } from './session-slice.ts';

/**
 * The global counter from spec §3: starts at 0, goes up or down. It is the header's unread chat
 * total: set from the server's number (the chat list, the socket), never counted on the client,
 * and back to 0 on logout.
 */
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
    setCounter(state, action: PayloadAction<number>) {
      state.value = Math.max(0, Math.trunc(action.payload));
    },
  },
  extraReducers: (builder) => {
    builder.addCase(logout, () => ({ value: 0 }));
  },
});

export const { increment, decrement, setCounter } = counterSlice.actions;
