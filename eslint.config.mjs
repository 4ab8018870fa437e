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
const NOT_TESTS = banned(['tests'], 'nothing outside tests/ imports tests/ (CONTRIBUTING.md, One source of truth)');

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
  {
    files: ['mock-server/**/*.ts'],
    ignores: ['mock-server/cli.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            banned(['fixtures', 'scripts'], 'mock-server/ imports contracts/ only (its CLI also reads fixtures/env-file.ts)'),
            NOT_TESTS,
          ],
        },
      ],
    },
  },
  {
    files: ['mock-server/cli.ts', 'fixtures/**/*.ts', 'scripts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NOT_TESTS] }] },
  },
);
