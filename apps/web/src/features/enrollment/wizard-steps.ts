/**
 * The enrollment wizard's steps, as they appear in the URL: /programs/:id/enroll?step=waiver&childId=….
 * The step and the child live in the URL, so a reload stays on the step and browser Back goes to the
 * previous one; the signed waiver is kept in the tab's session storage (wizard-draft.ts), not in the
 * URL, because it carries the guardian's name.
 */
export const WIZARD_STEPS = [
  { key: 'child', label: 'Choose a child' },
  { key: 'school', label: 'School details' },
  { key: 'waiver', label: 'Waiver' },
  { key: 'review', label: 'Review' },
  { key: 'pay', label: 'Payment' },
] as const;

export type WizardStepKey = (typeof WIZARD_STEPS)[number]['key'];

export const STEP = { child: 0, school: 1, waiver: 2, review: 3, pay: 4 } as const satisfies Record<
  WizardStepKey,
  number
>;

/** The step a `?step=` value names; anything unknown (or none) is the first step. */
export function stepFromParam(value: string | null): number {
  const index = WIZARD_STEPS.findIndex((s) => s.key === value);
  return index < 0 ? STEP.child : index;
}

/** The wizard's URL for a step: the first step without `step=`, the child whenever one is chosen. */
export function wizardUrl(enrollPath: string, step: number, childId: string | null) {
  const query = new URLSearchParams();
  if (step > STEP.child) query.set('step', WIZARD_STEPS[step]!.key);
  if (childId) query.set('childId', childId);
  const search = query.toString();
  return search ? `${enrollPath}?${search}` : enrollPath;
}

/** What the steps before `step` have settled: a child who may join (or queue), and a signed waiver. */
export interface WizardProgress {
  childReady: boolean;
  waiverSigned: boolean;
}

/**
 * The step to show for a requested one: the requested step when everything before it is settled,
 * otherwise the first step whose answer is missing. The school and review steps only confirm, so
 * they are never "missing".
 */
export function reachableStep(requested: number, progress: WizardProgress): number {
  if (requested > STEP.child && !progress.childReady) return STEP.child;
  if (requested > STEP.waiver && !progress.waiverSigned) return STEP.waiver;
  return requested;
}
