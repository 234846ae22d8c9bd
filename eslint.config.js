import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Feature folders as they are on disk: the boundaries below follow the tree, so a new
// feature is covered the day its folder appears (docs/architecture.md, "Boundaries").
const featuresIn = (directory) =>
  readdirSync(directory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const SERVER_FEATURES = featuresIn('src/server/features');
const WEB_FEATURES = featuresIn('src/web/features');

/**
 * Path-based zones (import-x/no-restricted-paths works on resolved files, so aliases,
 * relative paths and encoded detours are all caught): a server feature may use another
 * only through its index.ts; a web feature may not use another at all.
 */
const serverFeatureZones = SERVER_FEATURES.flatMap((feature) =>
  SERVER_FEATURES.filter((other) => other !== feature).map((other) => ({
    target: `./src/server/features/${feature}`,
    from: `./src/server/features/${other}`,
    except: ['./index.ts'],
    message: `Use the ${other} feature through its index.ts (@server/features/${other}).`,
  })),
);
const webFeatureZones = WEB_FEATURES.flatMap((feature) =>
  WEB_FEATURES.filter((other) => other !== feature).map((other) => ({
    target: `./src/web/features/${feature}`,
    from: `./src/web/features/${other}`,
    message: 'Web features must not import each other; move shared code to components/ or api/.',
  })),
);
const layerZones = [
  {
    target: './src/web/components',
    from: ['./src/web/features', './src/web/app', './src/web/layouts'],
    message: 'Shared components stand below features and the app shell.',
  },
  {
    target: './src/web/api',
    from: ['./src/web/features', './src/web/app', './src/web/layouts'],
    message: 'The API layer stands below features and the app shell.',
  },
  {
    target: './src/server/db',
    from: './src/server/features',
    message: 'The data layer stands below the features.',
  },
  // Issue 31 item 3: the catalogues and the translate function serve both sides, so they
  // depend on neither.
  {
    target: './src/locales',
    from: ['./src/web', './src/server'],
    message: 'src/locales is shared by the web app and the server: it imports neither.',
  },
];

// Infrastructure (WHERE-THINGS-GO.md) serves the features and never reaches into one. Its tests
// may: the authorization matrix drives every feature through the HTTP edge.
const INFRASTRUCTURE = [
  'mail',
  'rate-limit',
  'errors',
  'http',
  'realtime',
  'storage',
  'jobs',
  'domain-events',
  'sms',
  'i18n',
];
const infrastructureZones = INFRASTRUCTURE.map((infrastructure) => ({
  target: `./src/server/${infrastructure}`,
  from: './src/server/features',
  message: 'Infrastructure stands below the features; pass what it needs in from services.ts.',
}));

// The members table has one writer (src/server/db/members-table.ts, issue 24 §2). Unit tests of
// the data path may still arrange rows directly; the server, the browser tests and the bench
// may not.
const membersTableOwner = {
  files: ['src/server/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
  ignores: ['src/server/db/members-table.ts', 'src/server/db/migrations/**', 'src/**/*.test.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector:
          "CallExpression[callee.property.name=/^(insertInto|updateTable|deleteFrom)$/][arguments.0.value='members']",
        message:
          'Write members through src/server/db/members-table.ts (its one owner), credits through the credit ledger.',
      },
      // Issue 30 item 2: the audit log is appended (db/staff-audit-table.ts), never changed.
      {
        selector:
          "CallExpression[callee.property.name=/^(updateTable|deleteFrom)$/][arguments.0.value='staff_audit']",
        message: 'The audit log is append-only: record entries with db/staff-audit-table.ts.',
      },
      // Issue 31 item 3: no server module reads the web app's files by path (its imports
      // are refused above); texts come from src/locales through @server/i18n/server-texts.
      ...['Literal[value', 'TemplateElement[value.raw'].map((node) => ({
        selector: `${node}=/(src|\\.\\.)\\x2Fweb\\x2F/]`,
        message:
          'The server reads no file of src/web: texts are in src/locales (@server/i18n/server-texts).',
      })),
    ],
  },
};

// What no web file imports (rule overrides replace a rule whole, so both web blocks list them).
const WEB_IMPORT_PATTERNS = [
  {
    group: ['@server/*', '**/server/**'],
    message: 'The web app talks to the server only through @contract.',
  },
  {
    group: ['i18next', 'react-i18next', 'i18next-*'],
    message: 'The web app translates with @web/i18n/use-translation (docs/decisions.md).',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'screenshots/**',
      'screenshots-dark/**',
      'node_modules/**',
      'coverage/**',
    ],
  },
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
          patterns: [...WEB_IMPORT_PATTERNS],
        },
      ],
    },
  },
  // Endpoint objects carry their zod schemas; the web app calls them through the schema-free
  // route tables of @web/api/endpoints, so zod stays out of the first page load (issue 25
  // item 6). Tests may read the endpoint objects themselves.
  {
    files: ['src/web/**'],
    ignores: ['src/web/**/*.test.ts', 'src/web/**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...WEB_IMPORT_PATTERNS,
            {
              group: ['@contract/endpoints', '@contract/endpoints/*'],
              allowTypeImports: true,
              message:
                'Call endpoints through @web/api/endpoints; import endpoint objects as types only.',
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
            {
              group: ['i18next', 'i18next-*'],
              message: 'The server translates with @server/i18n/server-texts (issue 31 item 3).',
            },
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
  // Feature boundaries (STYLE.md §6), on resolved paths.
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...serverFeatureZones, ...webFeatureZones, ...layerZones] },
      ],
    },
  },
  {
    files: INFRASTRUCTURE.map((infrastructure) => `src/server/${infrastructure}/**/*.ts`),
    ignores: ['src/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...serverFeatureZones, ...layerZones, ...infrastructureZones] },
      ],
    },
  },
  membersTableOwner,
  // Query keys are built by src/web/api/query-keys.ts alone (issue 24 §5), so an invalidation
  // and the query it means cannot drift apart by a typo.
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/api/query-keys.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: 'Build query keys with queryKeys from @web/api/query-keys.',
        },
      ],
    },
  },
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
