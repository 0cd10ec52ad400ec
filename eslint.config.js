import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/**
 * The web calls the API only through a contract endpoint (`call`, `callDownload`): no screen spells
 * a path of its own, so every path the web calls is one the server declares (issue 41).
 */
const CALLS_THROUGH_THE_CONTRACT = {
  group: ['**/api/client', './client'],
  importNames: ['api', 'apiDownload'],
  message: 'Call the API with call(endpoint, input) or callDownload(): the endpoint is declared once, in the contract.',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', 'web/test-results/**', 'web/playwright-report/**', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // A promise nobody awaits is an error nobody sees: on a server, a lost write.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'error',
      // Fastify plugins and hooks are async by contract, awaited or not.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // One date style per language: the screens write dates only through web/src/lib/format.ts.
    files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
    ignores: ['web/src/lib/format.ts', 'web/src/**/*.test.ts', 'web/src/**/*.test.tsx', 'web/src/test-utils.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'].map((name) => ({
          selector: `CallExpression[callee.property.name='${name}']`,
          message: `Write dates and numbers with the helpers of web/src/lib/format.ts, not ${name}.`,
        })),
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
          message: 'Write dates with the helpers of web/src/lib/format.ts, not a new Intl.DateTimeFormat.',
        },
        {
          selector: "CallExpression[callee.property.name='format'][callee.object.type='CallExpression'][callee.object.callee.name='dayjs']",
          message: 'Write dates with the helpers of web/src/lib/format.ts, not dayjs().format.',
        },
      ],
    },
  },
  {
    // No import cycle in server, web or contract: a cycle makes load order decide which binding
    // is still undefined, and hides which of two modules is the lower layer.
    files: ['server/**/*.ts', 'web/**/*.ts', 'web/**/*.tsx', 'contract/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Server and contract import `./x.js` for `./x.ts`; the web imports without an extension.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Server modules meet through their service: one module imports another only through its
    // `<area>.service.ts` (server/src/modules/README.md). The files below are the documented
    // exceptions, each a module's public face that cannot be its service file:
    files: ['server/src/modules/**/*.ts'],
    ignores: ['server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^\\.\\./(?!(?:${[
                // the reach rule every area applies (and the SQL side mirrors)
                'resellers/hierarchy',
                // the metrics registry every area records into, as ctx.metrics does (src/http/context.ts)
                'metrics/panel-metrics',
                // the node's lifecycle and its workers' heartbeats, as the probes read them
                'health/readiness',
                // the second-factor policy, a service of its own beside two-factor.service
                'two-factor/requirement\\.service',
              ].join('|')})\\.js$)([a-z0-9-]+)/(?!\\1\\.service\\.js$)[^/]+$`,
              message: "Reach another module through its <area>.service.ts (or a file of the allow-list in eslint.config.js), not one of its inner files.",
            },
          ],
        },
      ],
    },
  },
  {
    // Web features meet only through a feature's public index.ts, and never reach up into app/
    // for toasts (those are lib/feedback.ts): web/src/features/README.md.
    files: ['web/src/features/**/*.ts', 'web/src/features/**/*.tsx'],
    ignores: ['web/src/**/*.test.ts', 'web/src/**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*', '!../../*'],
              message: "Import another feature through its public index.ts ('../<feature>'), not one of its files.",
            },
            {
              group: ['**/app/query-client'],
              importNames: ['showSuccess', 'showError'],
              message: 'Toasts come from web/src/lib/feedback.ts.',
            },
            CALLS_THROUGH_THE_CONTRACT,
          ],
        },
      ],
    },
  },
  {
    // The rest of the web app calls the API the same way (web/src/api/client.ts keeps `api` for itself).
    files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
    ignores: ['web/src/features/**', 'web/src/**/*.test.ts', 'web/src/**/*.test.tsx', 'web/src/api/client.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [CALLS_THROUGH_THE_CONTRACT] }] },
  },
  {
    // Tests read JSON answers (`res.json()` is any) and assert on them: the unsafe-any rules add nothing there.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**/*.ts', '**/e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
