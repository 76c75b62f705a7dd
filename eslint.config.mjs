import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';

export default tseslint.config(
  {
    ignores: [
      '**/*.d.ts',
      '**/dist/**',
      '**/src/gen/**',
      '**/node_modules/**',
      '**/*.mjs',
      '**/*.cjs',
      '**/vitest.config.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/explicit-module-boundary-types': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      eqeqeq: 'error',
      'no-console': 'error',
      'import-x/no-cycle': 'error',
      'import-x/no-default-export': 'error',
      'no-restricted-imports': ['error', { patterns: ['@folio/*/src/*', '@folio/*/dist/*'] }],
    },
  },
  {
    files: ['**/*.test.ts', 'test/**/*.ts'],
    rules: {
      '@typescript-eslint/explicit-module-boundary-types': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Workflow code runs in Temporal's deterministic sandbox: no Node builtins, no I/O packages.
    files: ['workflows/src/workflows/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // `@folio/runtime` itself is banned, its import-free subpaths (`/map-limit`, `/stages`) are not.
          paths: [
            {
              name: '@folio/runtime',
              message: 'Workflows may import only @temporalio/workflow, ../contracts and import-free modules.',
            },
          ],
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'crypto', 'http', 'https', 'os', 'child_process'],
              message: 'Workflows must be deterministic: no Node builtins.',
            },
            {
              group: ['@grpc/*', '@temporalio/client', '@temporalio/worker', '@temporalio/activity', 'zod'],
              message: 'Workflows may import only @temporalio/workflow and ../contracts.',
            },
          ],
        },
      ],
    },
  },
  {
    // A stage never imports another stage or the orchestration layers.
    files: ['services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '@folio/render',
            '@folio/ocr',
            '@folio/layout',
            '@folio/chunk',
            '@folio/llm',
            '@folio/workflows*',
            '@folio/gateway',
            '@folio/*/src/*',
          ],
        },
      ],
    },
  },
);
