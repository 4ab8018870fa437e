// Lint: typescript-eslint with type information, and the Playwright rules for specs. Layout is
// Prettier's (.prettierrc.json, checked by `npm run lint`); max-len holds what Prettier cannot
// break (strings, comments) to its print width. The layers of CONTRIBUTING.md (Layers) are held by
// no-restricted-imports, room by room, and circles by import-x/no-cycle.
import tseslint from 'typescript-eslint';
import playwright from 'eslint-plugin-playwright';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettier from 'eslint-config-prettier/flat';
import prettierOptions from './.prettierrc.json' with { type: 'json' };

/** The rooms every tool stands on, bottom up: the contract, the wire and the settings, then the client and the mock. */
const SERVICE = ['contracts', 'wire', 'settings', 'client', 'mock-server'];
/** The rooms of the tools a user runs or the suite reports with (README, Layout), bottom up. */
const TOOLS = ['coverage', 'fuzz', 'reporting', 'child-runs', 'proxy', 'prism', 'mutation', 'recording', 'bench'];
/**
 * What each room may import besides its own files: a room imports only rooms below it (CONTRIBUTING.md, Layers).
 * tests/ and the root configs stand on top of everything; nothing imports them.
 */
const MAY_IMPORT = {
  contracts: [],
  wire: ['contracts'],
  settings: ['contracts'],
  client: ['contracts', 'wire', 'settings'],
  'mock-server': ['contracts', 'wire', 'settings'],
  coverage: SERVICE,
  fuzz: SERVICE,
  reporting: [...SERVICE, 'coverage'],
  'child-runs': [...SERVICE, 'coverage', 'reporting'],
  proxy: [...SERVICE, 'coverage', 'reporting'],
  prism: [...SERVICE, 'coverage', 'reporting', 'child-runs'],
  mutation: [...SERVICE, 'coverage', 'reporting', 'child-runs'],
  recording: [...SERVICE, 'coverage', 'reporting', 'child-runs', 'proxy'],
  bench: [...SERVICE, ...TOOLS.filter((t) => t !== 'bench')],
  fixtures: [...SERVICE, ...TOOLS],
  scripts: [...SERVICE, ...TOOLS, 'fixtures'],
};
const ROOMS = [...Object.keys(MAY_IMPORT), 'tests'];
/** One block per room: an import of a room it may not import names the rule. */
const layers = Object.entries(MAY_IMPORT).map(([room, allowed]) => ({
  files: [`${room}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `(^|/)(${ROOMS.filter((r) => r !== room && !allowed.includes(r)).join('|')})/`,
            message: `${room}/ imports only ${allowed.join(', ') || 'zod and its own files'}: imports point one way (CONTRIBUTING.md)`,
          },
          ...(room === 'contracts' ? [{ regex: '^(?!zod$|\\./)', message: 'contracts/ imports only zod and its own files' }] : []),
        ],
      },
    ],
  },
}));

/** One name for each thing in tests/ (CONTRIBUTING.md, Tests): `mock` is never null, `api` is the only client. */
const MOCK_NEVER_NULL = '`mock` is never null: the fixture skips a test that takes it against a remote target (fixtures/index.ts)';
const ONE_NAME = [
  { selector: "TSNonNullExpression > Identifier.expression[name='mock']", message: MOCK_NEVER_NULL },
  { selector: "TSNonNullExpression > MemberExpression.expression[property.name='mock']", message: MOCK_NEVER_NULL },
  { selector: "MemberExpression[optional=true][object.name='mock']", message: MOCK_NEVER_NULL },
  { selector: "MemberExpression[optional=true][object.property.name='mock']", message: MOCK_NEVER_NULL },
  {
    selector:
      "CallExpression[callee.property.name='skip'] > UnaryExpression[operator='!'] > " +
      ":matches(Identifier[name='mock'], MemberExpression[property.name='mock'])",
    message: 'take the `mock` fixture instead: it skips, with the reason, against a remote target (fixtures/index.ts)',
  },
  { selector: "Identifier[name='localMock']", message: 'the mock fixture is `mock`' },
  { selector: "ObjectPattern > Property[key.name='session']", message: 'the client fixture is `api`' },
];

/** Settings are read in one place: every HB_* variable is read and typed by settings/ (CONTRIBUTING.md, Errors). */
const SETTINGS_READ = {
  selector: "MemberExpression[object.object.name='process'][object.property.name='env'][property.name=/^HB_/]",
  message: 'read HB_* variables through settings/ (loadEnv and its neighbours), where each is parsed and typed',
};

export default tseslint.config(
  { ignores: ['node_modules/', 'reports/', '.auth/', 'test-results/'] },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.mjs', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/no-empty-object-type': 'off',
      'no-empty-pattern': 'off',
    },
  },
  prettier,
  // A file does one job: none over 300 lines; a function is one step of its room's story: none over 80 (CONTRIBUTING.md).
  {
    rules: {
      'max-len': ['error', { code: prettierOptions.printWidth, tabWidth: 2 }],
      'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: false, skipComments: false }],
    },
  },
  { files: ['**/*.ts'], ignores: ['settings/**'], rules: { 'no-restricted-syntax': ['error', SETTINGS_READ] } },
  // A spec's test.describe callback groups its tests: the limit there is the file's, each test's own callback stays short.
  { files: ['tests/**/*.ts'], rules: { 'max-lines-per-function': ['error', { max: 250 }] } },
  {
    files: ['scripts/**/*.mjs', 'eslint.config.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['tests/**/*.ts'],
    ...playwright.configs['flat/recommended'],
    rules: {
      ...playwright.configs['flat/recommended'].rules,
      'playwright/no-skipped-test': ['error', { allowConditional: true }],
      'playwright/expect-expect': ['error', { assertFunctionNames: ['expect'], assertFunctionPatterns: ['^assert', '^expect'] }],
      'playwright/no-conditional-in-test': 'off',
      'playwright/no-conditional-expect': 'off',
      'no-restricted-syntax': ['error', ...ONE_NAME, SETTINGS_READ],
    },
  },
  ...layers,
  // No circle of value imports (the plugin passes over `import type`: a type two files share still lives in a small file of its own).
  {
    files: ['**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/extensions': ['.ts'],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
