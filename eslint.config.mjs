// @ts-check
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';

/**
 * The contexts under src/modules, lowest first. A context's own code may import a context of a lower
 * layer (through its index.ts) and never one of its own or a higher layer, so the contexts cannot
 * form a cycle. Each context's HTTP layer (`api` folder) obeys its context's layer; the flows sit above
 * every context.
 */
const CONTEXT_LAYERS = [
  ['audit'],
  ['reference-data', 'health', 'settings'],
  ['catalogue', 'customers'],
  ['segments', 'events', 'hints'],
  // Audiences target segments.
  ['campaigns'],
  ['loyalty'],
  ['auth', 'stamper'],
  ['purchases', 'messaging', 'tasks'],
  ['recommendations', 'wallet', 'orders', 'entrances', 'product-reservations', 'bookings'],
  ['webhooks', 'customer-care', 'programme-figures'],
];

const indexOf = (context) => ({ element: { type: 'context', captured: { context }, fileInternalPath: 'index.ts' } });
const anyIndex = indexOf('*');
const shared = [{ element: { type: 'lib' } }, { element: { type: 'platform' } }];

const contextPolicies = CONTEXT_LAYERS.flatMap((layer, depth) =>
  layer.map((context) => ({
    from: { element: { type: 'context', captured: { context } } },
    allow: { to: [...CONTEXT_LAYERS.slice(0, depth).flat().map(indexOf), ...shared, { element: { type: 'api', captured: { context } } }] },
  })),
);

// A context's HTTP layer counts as part of it: it may use its own context freely, and the contexts of
// lower layers and the flows only through their public faces.
const apiPolicies = CONTEXT_LAYERS.flatMap((layer, depth) =>
  layer.map((context) => ({
    from: { element: { type: 'api', captured: { context } } },
    allow: {
      to: [
        ...CONTEXT_LAYERS.slice(0, depth).flat().map(indexOf),
        ...shared,
        { element: { type: 'flows' } },
        { element: { type: 'context', captured: { context } } },
      ],
    },
  })),
);

export default tseslint.config(
  // The console (a React app for the browser) is type-checked on its own by `npm run typecheck` (console/tsconfig.json).
  {
    ignores: [
      'dist/',
      'data/',
      'coverage/',
      'node_modules/',
      'bench-results/',
      'reports/',
      'docs/.vitepress/dist/',
      'docs/.vitepress/cache/',
      'console/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A leading underscore names what a destructuring leaves out on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Methods implementing a Promise-returning signature (Nest hooks, guards) stay async without awaiting.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: {
      globals: { console: 'readonly', require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Tests read untyped JSON bodies and query rows by design; the any rules would flag every assertion on them.
    files: ['test/**/*.ts', '**/*.spec.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.js'] } },
      // Matched from the project root (partialMatch: false); the first descriptor that matches wins.
      'boundaries/elements': [
        { type: 'api', pattern: 'src/modules/*/api', capture: ['context'] },
        { type: 'api', pattern: 'src/modules/*/*/api', capture: ['context', 'part'] },
        { type: 'context', pattern: 'src/modules/*', capture: ['context'] },
        { type: 'flows', pattern: 'src/flows' },
        { type: 'platform', pattern: 'src/{config,database,platform}' },
        { type: 'app', pattern: 'src' },
        { type: 'lib', pattern: 'libs/*', capture: ['lib'] },
        { type: 'migrations', pattern: 'migrations' },
        { type: 'test', pattern: 'test' },
        { type: 'bench', pattern: 'bench' },
      ].map((descriptor) => ({ ...descriptor, partialMatch: false })),
    },
    rules: {
      // Inside an element anything goes; between elements, only what these policies allow.
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            '{{from.element.type}} {{from.element.captured.context}} may not import {{to.file.path}}: other contexts only through their index.ts, and only contexts of a lower layer (see CONTEXT_LAYERS)',
          policies: [
            ...contextPolicies,
            ...apiPolicies,
            { from: { element: { type: 'flows' } }, allow: { to: [anyIndex, ...shared] } },
            { from: { element: { type: 'lib' } }, allow: { to: { element: { type: 'lib' } } } },
            { from: { element: { type: 'platform' } }, allow: { to: [...shared, { element: { type: 'migrations' } }] } },
            {
              from: { element: { type: ['app', 'bench'] } },
              allow: { to: [anyIndex, ...shared, { element: { type: ['app', 'flows'] } }] },
            },
            // The interface router mounts each context's HTTP module.
            { from: { file: { path: 'src/api/**' } }, allow: { to: { element: { type: 'api', fileInternalPath: '*-api.module.ts' } } } },
            { from: { element: { type: 'test' } }, allow: { to: [anyIndex, ...shared, { element: { type: ['app', 'migrations'] } }] } },
            { from: { element: { type: 'migrations' } }, allow: { to: shared } },
          ],
        },
      ],
    },
  },
);
