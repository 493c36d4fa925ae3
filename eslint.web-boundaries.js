// Import direction in apps/web/src: shared → features → app (bulletproof-react's rule).
//   shared (api/, components/, hooks/, lib/ with the route registry, store/, theme/) imports only shared code;
//   a feature (features/<name>/) imports shared code and itself, never another feature or app/;
//   app/ (providers, router, layouts) and main.tsx compose everything.
// Core rules only (no eslint-plugin-import here): imports are relative, so each block knows how
// deep its files sit and what a given number of "../" reaches. Static imports go through
// no-restricted-imports, lazy `import()` calls through no-restricted-syntax.

const WEB = 'apps/web/src';
export const SHARED_FOLDERS = ['api', 'components', 'hooks', 'lib', 'store', 'theme'];
const MAX_DEPTH = 6;

export const SIDEWAYS_MESSAGE =
  'A feature may not import another feature. Move what both need to shared code (components/, lib/, api/, store/), or let app/ compose them.';
export const FEATURE_UP_MESSAGE =
  'A feature may not import app/. Shared code lives in components/, lib/ (lib/paths.ts for routes), api/, store/ or theme/.';
export const SHARED_UP_MESSAGE =
  'Shared code (api/, components/, hooks/, lib/, store/, theme/) may not import features/ or app/: pass what it needs in as props or arguments.';

const ups = (n) => `(?:\\.\\./){${n}}`;
const ext = '*.{ts,tsx}';

/** One block per folder depth, so "../" counts mean the same for every file in the block. */
function block(files, patterns) {
  // esquery reads `/` as the end of a regex: spell it \x2F for the lazy-import selector.
  const selector = (regex) => `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`;
  return {
    files,
    rules: {
      'no-restricted-imports': ['error', { patterns: patterns.map(({ regex, message }) => ({ regex, message })) }],
      'no-restricted-syntax': [
        'error',
        ...patterns.map(({ regex, message }) => ({ selector: selector(regex), message })),
      ],
    },
  };
}

const blocks = [];
for (let depth = 0; depth < MAX_DEPTH; depth++) {
  const dirs = '*/'.repeat(depth);
  // features/<name>/<depth dirs>/file: depth+1 "../" leave the feature, depth+2 reach src/.
  blocks.push(
    block(
      [`${WEB}/features/*/${dirs}${ext}`],
      [
        { regex: `^${ups(depth + 1)}(?!\\.\\./)`, message: SIDEWAYS_MESSAGE },
        { regex: `^${ups(depth + 2)}features(?:/|$)`, message: SIDEWAYS_MESSAGE },
        { regex: `^${ups(depth + 2)}app(?:/|$)`, message: FEATURE_UP_MESSAGE },
      ],
    ),
  );
  // <shared>/<depth dirs>/file: depth+1 "../" reach src/.
  blocks.push(
    block(
      SHARED_FOLDERS.map((folder) => `${WEB}/${folder}/${dirs}${ext}`),
      [{ regex: `^${ups(depth + 1)}(?:features|app)(?:/|$)`, message: SHARED_UP_MESSAGE }],
    ),
  );
}

export const webBoundaries = blocks;
