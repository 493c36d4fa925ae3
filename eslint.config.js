import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { webBoundaries } from './eslint.web-boundaries.js';

/** From apps/api/src/**, a relative path that climbs out of src into apps/api/test ("/" as \x2f for esquery). */
const API_TEST_HELPERS = '^(\\.\\.\\x2f)+test(\\x2f|$)';
const API_TEST_HELPERS_MESSAGE =
  'Production code must not import the API test helpers (apps/api/test); only *.test.ts files may.';

// Syntax-level rules only (no type-aware linting): fast on two cores; `tsc` does the type checks.
export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '.tmp/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/screenshots/**',
      'packages/db/migrations/**',
      'apps/web/src/**/__lint-fixtures__/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-control-regex': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  // API boundary: production code never imports the test helpers in apps/api/test (fixtures,
  // factories that skip sign-up, fake clocks). Only *.test.ts files under src may.
  // Checked by apps/api/test/lint-boundaries.test.ts.
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: API_TEST_HELPERS, message: API_TEST_HELPERS_MESSAGE }] },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: `ImportExpression[source.value=/${API_TEST_HELPERS}/]`, message: API_TEST_HELPERS_MESSAGE },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...webBoundaries,
);
