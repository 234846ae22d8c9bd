import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB_FEATURES = [
  'account',
  'auth',
  'chat',
  'credits',
  'home',
  'likes',
  'members',
  'notifications',
  'pages',
  'payments',
  'photos',
  'profiles',
  'settings',
];

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'screenshots/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.typescript,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  // The server and the web app meet only in the contract.
  {
    files: ['src/web/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@server/*', '**/server/**'],
              message: 'The web app talks to the server only through @contract.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@web/*', '**/web/**'], message: 'The server never imports web code.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@web/*', '@server/*', 'react', 'fastify'],
              message: 'The contract depends on nothing but zod and small pure libraries.',
            },
          ],
        },
      ],
    },
  },
  // Web features do not import each other (STYLE.md §6): shared UI goes to components/.
  ...WEB_FEATURES.map((feature) => ({
    files: [`src/web/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@server/*'],
              message: 'The web app talks to the server only through @contract.',
            },
            {
              group: WEB_FEATURES.filter((other) => other !== feature).map(
                (other) => `@web/features/${other}/*`,
              ),
              message: 'Web features must not import each other; move shared code to components/.',
            },
          ],
        },
      ],
    },
  })),
  // No import cycles anywhere.
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['scripts/**', 'e2e/**', 'bench/**', 'src/server/main.ts'],
    rules: { 'no-console': 'off' },
  },
);
