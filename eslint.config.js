import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

// Node's globals for the plain-JS scripts (TypeScript files get theirs from the compiler).
const nodeGlobals = Object.fromEntries(
  [
    'process',
    'console',
    'Buffer',
    'URL',
    'URLSearchParams',
    'fetch',
    'Response',
    'Request',
    'Headers',
    'AbortController',
    'AbortSignal',
    'performance',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'setImmediate',
    'queueMicrotask',
    'structuredClone',
    'TextEncoder',
    'TextDecoder',
  ].map((name) => [name, 'readonly']),
)

// The floor plan (docs/decisions/014), kept by the linter. ESLint applies the last matching block's
// options of a rule, so each zone lists its own patterns plus those of the zones it sits in.
const zone = {
  app: [
    {
      group: ['\\#api/*', '**/api/*'],
      message: 'The portal reaches the API over HTTP (app/services), never by import.',
    },
    {
      group: ['@tabler/icons-react'],
      message: 'Icons come from ~/components/icons: one cached SVG sprite, not every path in every page.',
    },
  ],
  components: [
    {
      group: ['*.server', '**/*.server', '~/services/*', '**/services/*.server'],
      allowTypeImports: true,
      message: 'Components render; server code (loaders, services) stays in *.server files and routes.',
    },
  ],
  api: [{ group: ['~/*', '**/app/*'], message: 'The API does not import the portal.' }],
  contract: [
    {
      group: ['~/*', '\\#api/*', '**/api/*', '**/app/*', '\\#tests/*'],
      message: 'contract/ is the wire format both sides import; it imports neither.',
    },
  ],
  groundFloor: [
    {
      group: ['\\#api/modules/*', '**/modules/*', '**/env', '**/app', '**/services', '**/register-jobs'],
      message:
        'The ground floor (db, engines, lib, plugins, jobs, auth) never imports a module or the configuration: configuration arrives as arguments.',
    },
  ],
  noQueries: [
    {
      group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema'],
      message: 'Routes and jobs call their store (store.ts or store/): only stores, db/ and auth/ query the database.',
    },
  ],
}
const restrict = (...zones) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns: zones.flatMap((z) => zone[z]) }],
})
const notTests = ['**/*.test.ts', '**/*.test.tsx', '**/test-*.ts', '**/fixtures.ts', '**/fixtures/**']

export default tseslint.config(
  { ignores: ['build/', 'data/', 'coverage/', 'node_modules/', 'test-results/', 'public/build/', 'tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs['recommended-latest'],
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/no-explicit-any': 'warn',
      // `declare module` / `namespace` augmentation is how Remix and Fastify types are extended
      '@typescript-eslint/no-namespace': 'off',
      '@typescript-eslint/no-empty-object-type': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: nodeGlobals },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { module: 'writable', require: 'readonly', __dirname: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { files: ['app/**/*.{ts,tsx}'], rules: restrict('app') },
  { files: ['app/components/**/*.{ts,tsx}'], rules: restrict('app', 'components') },
  { files: ['api/**/*.ts'], rules: restrict('api') },
  {
    files: ['api/{db,engines,lib,plugins,jobs,auth}/**/*.ts'],
    ignores: notTests,
    rules: restrict('api', 'groundFloor'),
  },
  {
    files: ['api/modules/*/routes.ts', 'api/modules/*/routes/**/*.ts', 'api/modules/*/job.ts'],
    ignores: notTests,
    rules: restrict('api', 'noQueries'),
  },
  { files: ['contract/**/*.ts'], rules: restrict('contract') },
  // Type-aware rules that catch real faults in a server with jobs: a promise nobody awaits, or one
  // handed where its rejection is lost. (The whole recommendedTypeChecked set reports hundreds of
  // style findings for little gain; these four are what pays.)
  {
    files: ['**/*.{ts,tsx}'],
    // product code; the tests' own promises are awaited by the runner
    ignores: ['**/*.test.{ts,tsx}', 'tests/**', 'bench/**', '*.config.ts'],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.portal.json', './tsconfig.api.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // Remix's redirects and error responses are thrown Responses, on purpose
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Response' },
            { from: 'package', package: '@remix-run/server-runtime', name: 'TypedResponse' },
          ],
          allowThrowingUnknown: true,
        },
      ],
    },
  },
)
