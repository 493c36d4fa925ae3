// Lint fixture: a feature importing app/ (upward). import-boundaries.test.ts expects it refused.
import { App } from '../../app/app.tsx';

export const fixtureUpward = App;
