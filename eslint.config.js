import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const FEATURES_DIR = path.resolve('apps/web/src/features');

/** Features do not import each other (CONVENTIONS.md habit 5): shared code goes to components/ or lib/. */
const noCrossFeatureImports = {
  meta: { type: 'problem', messages: { cross: 'Feature "{{from}}" imports feature "{{to}}": move the shared part to components/ or lib/.' } },
  create(context) {
    const file = context.filename;
    if (!file.startsWith(FEATURES_DIR + path.sep)) return {};
    const own = path.relative(FEATURES_DIR, file).split(path.sep)[0];
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), spec);
      if (!target.startsWith(FEATURES_DIR + path.sep)) return;
      const other = path.relative(FEATURES_DIR, target).split(path.sep)[0];
      if (other !== own) context.report({ node, messageId: 'cross', data: { from: own, to: other } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**', 'apps/server/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/web/e2e/**/*.{js,mjs,ts}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { local: { rules: { 'no-cross-feature-imports': noCrossFeatureImports } } },
    rules: { 'local/no-cross-feature-imports': 'error' },
  },
  {
    files: ['**/*.{js,mjs}'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
);
