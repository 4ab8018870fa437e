// Lint: typescript-eslint with type information, and the Playwright rules for specs. Layout is
// Prettier's (.prettierrc.json, checked by `npm run lint`); max-len holds what Prettier cannot
// break (strings, comments) to its print width. The dependency direction of CONTRIBUTING.md
// (One source of truth) is held by no-restricted-imports, folder by folder.
import tseslint from 'typescript-eslint';
import playwright from 'eslint-plugin-playwright';
import prettier from 'eslint-config-prettier/flat';
import prettierOptions from './.prettierrc.json' with { type: 'json' };

/** An import of one of these folders from where it must not be imported, with the rule it breaks. */
const banned = (folders, message) => ({ group: folders.map((f) => `**/${f}/**`), message });
const NOT_TESTS = banned(['tests'], 'nothing outside tests/ imports tests/ (CONTRIBUTING.md, Layout)');
const NOT_SCRIPTS = banned(['scripts'], 'scripts/ are entry points: only tests/ import them (CONTRIBUTING.md, Layout)');
/** The rooms of the tools a user runs or the suite reports with (README, Layout). */
const TOOLS = ['proxy', 'recording', 'fuzz', 'coverage', 'reporting', 'child-runs', 'mutation', 'bench'];

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
  // A file does one job: none over 300 lines (CONTRIBUTING.md).
  {
    rules: {
      'max-len': ['error', { code: prettierOptions.printWidth, tabWidth: 2 }],
      'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }],
    },
  },
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
      'no-restricted-syntax': ['error', ...ONE_NAME],
    },
  },
  {
    files: ['contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['../**'], message: 'contracts/ imports only zod and its own files (CONTRIBUTING.md, One source of truth)' }],
        },
      ],
    },
  },
  // The rooms a service needs and nothing else: the mock answers, the client asks; neither knows the harness.
  {
    files: ['mock-server/**/*.ts', 'client/**/*.ts', 'settings/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            banned([...TOOLS, 'fixtures'], 'mock-server/, client/ and settings/ import contracts/ and each other only'),
            NOT_TESTS,
            NOT_SCRIPTS,
          ],
        },
      ],
    },
  },
  // A tool's room never imports the Playwright fixtures: fixtures/ import the tools.
  {
    files: TOOLS.map((t) => `${t}/**/*.ts`),
    // A Playwright config (the mutation's first try) types its projects with the fixtures.
    ignores: ['mutation/config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [banned(['fixtures'], 'fixtures/ import the tools, not the other way'), NOT_TESTS, NOT_SCRIPTS] },
      ],
    },
  },
  {
    files: ['fixtures/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NOT_TESTS, NOT_SCRIPTS] }] },
  },
);
