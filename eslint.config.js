import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layer table of docs/architecture.md, enforced: what each place may import of ours. Everywhere,
 * another package is reached through its package name and public exports, never through its src/.
 */
const deepImports = {
  group: ['**/packages/*/src/**', '**/apps/*/src/**', '@blogfleet/*/src/**', '@blogfleet/*/src'],
  message: 'Import another package by its name and public exports, not from its src/.',
};
const testSupport = {
  group: ['@blogfleet/*/testing', '@blogfleet/*/*/testing', '**/testing', '**/testing/**'],
  message: 'Test servers and helpers are for tests and the bench only.',
};
const ours = (names, message) => ({ group: names, message });
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const restrictWithPaths = (paths, ...patterns) => ({
  'no-restricted-imports': ['error', { paths, patterns }],
});
const SRC = (dir) => [`${dir}/src/**/*.{ts,tsx}`];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'artifacts/**',
      '.turbo/**',
      '**/routeTree.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  { files: ['**/*.{ts,tsx}'], rules: restrict(deepImports) },
  {
    files: SRC('apps/web'),
    rules: restrictWithPaths(
      [
        {
          name: '@blogfleet/api',
          allowTypeImports: true,
          message: 'The web app imports only types from @blogfleet/api.',
        },
      ],
      deepImports,
      testSupport,
      ours(
        [
          '@blogfleet/db',
          '@blogfleet/db/*',
          '@blogfleet/integrations',
          '@blogfleet/integrations/*',
          '@blogfleet/server',
          '@blogfleet/server/*',
        ],
        'The web app may import @blogfleet/ui, @blogfleet/validators and types from @blogfleet/api only.',
      ),
    ),
  },
  {
    files: SRC('apps/server'),
    rules: restrict(
      deepImports,
      testSupport,
      ours(
        ['@blogfleet/web', '@blogfleet/web/*', '@blogfleet/ui', '@blogfleet/ui/*'],
        'The server does not import the web app or the design system.',
      ),
    ),
  },
  {
    files: SRC('packages/api'),
    rules: restrict(
      deepImports,
      testSupport,
      ours(
        [
          '@blogfleet/ui',
          '@blogfleet/ui/*',
          '@blogfleet/server',
          '@blogfleet/server/*',
          '@blogfleet/web',
          '@blogfleet/web/*',
        ],
        'The API package may import db, integrations and validators only.',
      ),
    ),
  },
  {
    files: [...SRC('packages/db'), ...SRC('packages/validators'), ...SRC('packages/ui')],
    rules: restrict(
      deepImports,
      testSupport,
      ours(['@blogfleet/*'], 'This package imports nothing of ours.'),
    ),
  },
  {
    files: SRC('packages/integrations'),
    ignores: ['packages/integrations/src/*/testing/**'],
    rules: restrict(deepImports, testSupport, ours(['@blogfleet/*'], 'Integrations import nothing of ours.')),
  },
  {
    files: ['packages/integrations/src/*/testing/**/*.ts'],
    rules: restrict(deepImports, ours(['@blogfleet/*'], 'Integrations import nothing of ours.')),
  },
  {
    // Tests read JSON bodies whose shape is the assertion itself.
    files: ['**/test/**/*.ts', '**/testing/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
