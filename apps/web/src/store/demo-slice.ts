import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

/** What the modal was opened for: an offer card passes the offer (its `_id` becomes offerId). */
export interface DemoDetails {
  _id?: string;
  title?: string;
}

/**
 * Spec §4: the 'common state' says whether the demo modal shows; the 'demo details' hold the
 * offer it was opened for. Not persisted (the store's blacklist): an offer choice should not
 * survive a reload.
 */
export interface DemoState {
  open: boolean;
  details: DemoDetails | null;
}

/**
 * Starts closed: whether a first visit opens it depends on the page and the session too, so
 * DemoModalHost decides on each arrival (lib/first-visit-cookie.ts, decision 0008).
 */
export const initialDemoState = (): DemoState => ({ open: false, details: null });

export const demoSlice = createSlice({
  name: 'demo',
  initialState: initialDemoState,
  reducers: {
    /** An open event: show the modal and store the demo details (or none). */
    demoOpened(state, action: PayloadAction<DemoDetails | null | undefined>) {
      state.open = true;
      state.details = action.payload ? { _id: action.payload._id, title: action.payload.title } : null;
    },
    /** Close: hide the modal and clear the demo details. */
    demoClosed(state) {
      state.open = false;
      state.details = null;
    },
    /** Success: hide it and clear the details (the caller sets the cookie to 'false'). */
    demoSubmitted(state) {
      state.open = false;
      state.details = null;
    },
  },
});

export const { demoOpened, demoClosed, demoSubmitted } = demoSlice.actions;
