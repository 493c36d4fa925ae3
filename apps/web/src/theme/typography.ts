import type { TypographyVariantsOptions } from '@mui/material/styles';

export const HEADING_FONT = '"Poppins", "Helvetica Neue", Arial, sans-serif';
export const BODY_FONT = '"Open Sans", "Helvetica Neue", Arial, sans-serif';

// Spec §9 breakpoints: "up to 1199" = below lg, "up to 899" = below md, "up to 599" = below sm.
// 991 is not a theme breakpoint, so it is written out.
const upTo = (px: number) => `@media (max-width:${px}px)`;

const heading = (weight: 600 | 700) => ({ fontFamily: HEADING_FONT, fontWeight: weight, lineHeight: 1.25 });

export const typography: TypographyVariantsOptions = {
  fontFamily: BODY_FONT,
  fontSize: 15,
  htmlFontSize: 16,
  h1: {
    ...heading(700),
    fontSize: '60px',
    lineHeight: 1.15,
    [upTo(1199)]: { fontSize: '40px' },
    [upTo(899)]: { fontSize: '30px' },
  },
  h2: {
    ...heading(700),
    fontSize: '56px',
    lineHeight: 1.2,
    [upTo(1199)]: { fontSize: '40px' },
    [upTo(899)]: { fontSize: '30px' },
    [upTo(599)]: { fontSize: '24px' },
  },
  h3: { ...heading(600), fontSize: '20px', [upTo(991)]: { fontSize: '18px' } },
  h4: { ...heading(600), fontSize: '18px', [upTo(991)]: { fontSize: '16px' } },
  h5: { ...heading(600), fontSize: '16px' },
  h6: { ...heading(600), fontSize: '14px', [upTo(991)]: { fontSize: '12px' } },
  subtitle1: { fontSize: '15px', fontWeight: 600 },
  subtitle2: { fontSize: '15px', fontWeight: 600 },
  body1: { fontSize: '15px', lineHeight: 1.6 },
  body2: { fontSize: '15px', lineHeight: 1.6 },
  caption: { fontSize: '15px', lineHeight: 1.5 },
  overline: { fontSize: '13px', fontWeight: 700, letterSpacing: '0.08em', lineHeight: 1.5 },
  button: { fontFamily: HEADING_FONT, fontSize: '15px', fontWeight: 600, textTransform: 'none' },
};
