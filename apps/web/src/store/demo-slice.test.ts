import { describe, expect, it } from 'vitest';
import { demoClosed, demoOpened, demoSlice, demoSubmitted } from './demo-slice.ts';
import type { DemoState } from './demo-slice.ts';

const reduce = demoSlice.reducer;
const closed: DemoState = { open: false, details: null };

describe('demo slice (spec §4)', () => {
  it('an open event shows the modal and stores the demo details', () => {
    const state = reduce(closed, demoOpened({ _id: 'a1', title: 'Spring offer' }));
    expect(state).toEqual({ open: true, details: { _id: 'a1', title: 'Spring offer' } });
  });
  it('an open event without details stores none', () => {
    expect(reduce({ open: false, details: { _id: 'x' } }, demoOpened(undefined))).toEqual({
      open: true,
      details: null,
    });
  });
  it('close hides the modal and clears the demo details', () => {
    expect(reduce({ open: true, details: { _id: 'a1' } }, demoClosed())).toEqual(closed);
  });
  it('success closes it', () => {
    expect(reduce({ open: true, details: { _id: 'a1' } }, demoSubmitted())).toEqual(closed);
  });
});
