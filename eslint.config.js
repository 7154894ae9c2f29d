import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * A server feature uses another only through that feature's index.ts (its interface), never
 * its other files. A file `depth` folders below features/ reaches another feature with
 * `depth` times `../` and the platform with one more, so each depth has its own pattern; a
 * path back through `features/` is caught at any depth.
 */
function featureBoundary(depth) {
  const sibling = `^(\\.\\./){${depth}}[^./][^/]*/(?!index\\.js$)`;
  const viaFeatures = '^(\\.\\./)+features/[^/]+/(?!index\\.js$)';
  return {
    files: [`apps/server/src/features/${'*/'.repeat(depth)}*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `${sibling}|${viaFeatures}`,
              message: 'Import another feature through its index.js, what it offers to others.',
            },
          ],
        },
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
  ...[1, 2, 3].map(featureBoundary),
);
