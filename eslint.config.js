import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      '**/playwright-report/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='only']", message: 'No focused tests.' },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@app/server', '**/server/src/**'] }],
    },
  },
  {
    files: ['server/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@app/web', '**/web/src/**'], message: 'The server never imports the web app.' },
            {
              // Another area is reached only through its public index.ts (docs/architecture.md).
              regex: String.raw`^(\.\./)+(modules/)?(?!db/|http/|access/|mail/|jobs/|demo/|modules/)[a-z-]+/(?!index\.ts$).+|^\./modules/[a-z-]+/(?!index\.ts$).+`,
              message: "Import another area through its index.ts (e.g. '../media/index.ts').",
            },
          ],
        },
      ],
    },
  },
  {
    // The list of areas' routes imports each area's routes file (an area's index.ts is what other areas
    // use), and the list of named resources each area's resources file.
    files: ['server/src/modules/areas.ts', 'server/src/modules/resources.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^\./([a-z-]+)/(?!index\.ts$|\1\.routes\.ts$|\1\.resources\.ts$).+`,
              message: "Import an area's index.ts, or its '<area>.routes.ts' / '<area>.resources.ts' here.",
            },
          ],
        },
      ],
    },
  },
  {
    // The layers below the areas never reach up into them.
    files: ['server/src/db/**/*.ts', 'server/src/http/**/*.ts', 'server/src/access/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@app/web', '**/web/src/**'], message: 'The server never imports the web app.' },
            {
              regex: String.raw`(^|/)modules(/|$)`,
              message: 'db/, http/ and access/ must not import modules/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The REST layer and migrations work on tables chosen at run time (Kysely<any> by design).
    files: ['server/src/http/**/*.ts', 'server/src/db/migrat*/**/*.ts', 'server/src/db/migrate.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // CommonJS configuration files (the dependency rules, .dependency-cruiser.cjs).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        setInterval: 'readonly',
        Buffer: 'readonly',
      },
    },
  },
);
