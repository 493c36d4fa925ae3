// Lint fixture: what a feature may import (its own files and shared code). import-boundaries.test.ts
// expects no error here, so the rule does not refuse more than it should.
import { paths } from '../../lib/paths.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { fixtureUpward } from './app-import.ts';

export const fixtureAllowed = [paths.programs, PageHeader, fixtureUpward];
