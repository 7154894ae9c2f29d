import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * A feature uses another only through that feature's index (its interface), never its other
 * files: on the server `../other/index.js`, on the web the folder itself, `../other`. A file
 * `depth` folders below features/ reaches another feature with `depth` times `../` and the
 * platform with one more, so each depth has its own pattern; a path back through `features/`
 * is caught at any depth.
 */
const featureSides = [
  {
    files: 'apps/server/src/features/**.ts',
    past: '(?!index\\.js$)',
    message: 'Import another feature through its index.js, what it offers to others.',
  },
  {
    files: 'apps/web/src/features/**.{ts,tsx}',
    past: '',
    message:
      "Import another feature through its folder ('../other', its index.ts), what it offers to others.",
  },
];

function featureBoundary({ files, past, message }, depth) {
  const sibling = `^(\\.\\./){${depth}}[^./][^/]*/${past}`;
  const viaFeatures = `^(\\.\\./)+features/[^/]+/${past}`;
  return {
    files: [files.replace('**', '*/'.repeat(depth) + '*')],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: `${sibling}|${viaFeatures}`, message }] },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  { files: ['scripts/**', '.ci/**', 'apps/server/src/scripts/**'], rules: { 'no-console': 'off' } },
  ...featureSides.flatMap((side) => [1, 2, 3].map((depth) => featureBoundary(side, depth))),
  {
    // The platform (http/, db/, media/, config.ts...) serves the features and knows none of them:
    // the composition roots, the entry points and the tools (scripts/, seed/) assemble them.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/features/**',
      'apps/server/src/scripts/**',
      'apps/server/src/seed/**',
      'apps/server/src/{app,jobs-root,services-root,main,worker}.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\./|(\\.\\./)+)features/',
              message:
                'Platform code knows no feature: let a composition root (app.ts, services-root.ts, jobs-root.ts) pass in what it needs.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's program has the DOM library for the end-to-end tests it checks
    // (apps/server/tsconfig.json), so the type checker no longer stops a browser global here.
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location'].map(
          (name) => ({ name, message: `${name} is a browser global; the server has none.` }),
        ),
      ],
    },
  },
  {
    // The web's build takes a feature's index as free of side effects (apps/web/vite.config.ts).
    files: ['apps/web/src/features/*/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Program > :not(ExportNamedDeclaration[source], ExportAllDeclaration)',
          message: "A feature's index.ts only re-exports.",
        },
      ],
    },
  },
);
