import { describe, expect, it } from 'vitest';
import { STEP, reachableStep, stepFromParam, wizardUrl } from './wizard-steps.ts';

describe('the wizard in the URL', () => {
  it('reads the step from ?step=, and anything unknown as the first step', () => {
    expect(stepFromParam('waiver')).toBe(STEP.waiver);
    expect(stepFromParam('pay')).toBe(STEP.pay);
    expect(stepFromParam(null)).toBe(STEP.child);
    expect(stepFromParam('../admin')).toBe(STEP.child);
  });

  it('writes the step and the chosen child, leaving the first step bare', () => {
    expect(wizardUrl('/programs/p1/enroll', STEP.child, null)).toBe('/programs/p1/enroll');
    expect(wizardUrl('/programs/p1/enroll', STEP.child, 'c1')).toBe('/programs/p1/enroll?childId=c1');
    expect(wizardUrl('/programs/p1/enroll', STEP.review, 'c1')).toBe('/programs/p1/enroll?step=review&childId=c1');
  });

  it('sends a step opened without what comes before it to the first step that is missing', () => {
    const none = { childReady: false, waiverSigned: false };
    const child = { childReady: true, waiverSigned: false };
    const all = { childReady: true, waiverSigned: true };
    expect(reachableStep(STEP.pay, none)).toBe(STEP.child);
    expect(reachableStep(STEP.school, none)).toBe(STEP.child);
    expect(reachableStep(STEP.waiver, child)).toBe(STEP.waiver);
    expect(reachableStep(STEP.review, child)).toBe(STEP.waiver);
    expect(reachableStep(STEP.pay, child)).toBe(STEP.waiver);
    expect(reachableStep(STEP.pay, all)).toBe(STEP.pay);
    // A signed waiver without a child who may join still starts over at the child.
    expect(reachableStep(STEP.review, { childReady: false, waiverSigned: true })).toBe(STEP.child);
  });
});
