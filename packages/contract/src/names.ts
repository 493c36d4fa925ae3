import { z } from 'zod';
import { isCleanText } from './common.ts';

/**
 * Characters that change how a name reads without showing themselves: C0/C1 controls (a line
 * break in a mail subject), bidi embeddings, overrides, isolates and marks (U+202A–202E,
 * U+2066–2069, U+200E/F, U+061C: after U+202E the rest of a line reads right to left) and
 * zero-width characters (U+200B–200D, U+2060, U+FEFF). Names are mailed to other people (invitations), so the bidi and
 * zero-width ones are stripped before storage, controls are refused, and all are stripped again
 * when a stored name is mailed.
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const BIDI_AND_ZERO_WIDTH = /[\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;

/** Bidi and zero-width characters removed: "Jo\u200Bhn" is "John". They mostly arrive with pasted text. */
export const stripBidiAndZeroWidth = (value: string) => value.replace(BIDI_AND_ZERO_WIDTH, '');

/**
 * For text going into a mail (names stored before these rules included): bidi and zero-width
 * characters removed, a control character (a line break) becomes a space, spaces collapsed.
 */
export const stripInvisible = (value: string) =>
  stripBidiAndZeroWidth(value).replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();

/**
 * A person's first or last name: any script (ü, 李, ñ…). Bidi and zero-width characters are
 * stripped silently (they cannot be seen, so there is nothing to correct); control characters are
 * refused with `messages.control` (no keyboard types them, and PostgreSQL refuses NUL), like every
 * other text rule. Then required (a name of only invisible characters is empty) and at most `max`.
 */
export const personNameField = (messages: { required: string; max: number; tooLong: string; control: string }) =>
  z
    .string({ error: messages.required })
    .transform((v) => stripBidiAndZeroWidth(v).trim())
    .pipe(
      z
        .string()
        .min(1, messages.required)
        .max(messages.max, messages.tooLong)
        .refine((v) => isCleanText(v, { lines: false }), messages.control),
    );
