import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
// 4.6.x: later versions resolve through unrs-resolver, whose platform builds this registry lacks (npm ci fails).
import { moduleVisitor, resolve } from 'eslint-plugin-import-x/utils/index.js';
import { TABLE_OWNERS } from './apps/server/src/db/table-owners.mjs';

const ROOT = import.meta.dirname;
const SERVER_DIR = path.join(ROOT, 'apps/server');
const MODULES_DIR = path.join(SERVER_DIR, 'src/modules');
const WEB_DIR = path.join(ROOT, 'apps/web');
const WEB_SRC = path.join(WEB_DIR, 'src');
const FEATURES_DIR = path.join(WEB_SRC, 'features');

/** The first path segment of `file` under `dir` (`users` for modules/users/service.ts), or null outside `dir`. */
function folderUnder(dir, file) {
  const rel = path.relative(dir, file);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel.split(path.sep)[0];
}

/**
 * Where an import points. import-x's resolver first (the same one no-cycle uses); a specifier it cannot
 * resolve is still placed by its path, read from the importing folder, the package, `src/`, or the
 * repository root, so that `src/features/x`, `@/features/x` or an absolute path cannot slip past.
 */
function targetsOf(specifier, context, packageDir) {
  const resolved = resolve(specifier, context);
  if (resolved) return [resolved];
  if (specifier.startsWith('.')) return [path.resolve(path.dirname(context.physicalFilename), specifier)];
  if (path.isAbsolute(specifier)) return [specifier];
  const bare = specifier.replace(/^[@~#]\//, 'src/');
  return [path.join(packageDir, bare), path.join(packageDir, 'src', bare), path.join(ROOT, bare)];
}

const isServerTestFile = (file) =>
  file.endsWith('.test.ts') || folderUnder(SERVER_DIR, file) === 'test' || folderUnder(SERVER_DIR, file) === 'bench';

/**
 * A server module's face is its index.ts; its testing.ts (or testing/) is a second face for tests
 * (`*.test.ts`, test/, bench/). Inside a module, its own files import each other freely.
 */
const moduleFaces = {
  meta: {
    type: 'problem',
    messages: {
      deep: 'Import "{{spec}}" reaches inside module "{{to}}": import from modules/{{to}} (its index.ts).',
      testing: 'modules/{{to}}/testing is a face for tests only (*.test.ts, test/, bench/).',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    const own = folderUnder(MODULES_DIR, file);
    return moduleVisitor(
      (source) => {
        for (const target of targetsOf(source.value, context, SERVER_DIR)) {
          const to = folderUnder(MODULES_DIR, target);
          if (!to || to === own) continue;
          const inner = path.relative(path.join(MODULES_DIR, to), target).split(path.sep).join('/');
          // The folder itself (an unresolved specifier) or its index.ts is the face.
          if (/^(index(\.ts)?)?$/.test(inner)) return;
          if (/^testing(\.ts|\/index\.ts|\/index)?$/.test(inner)) {
            if (!isServerTestFile(file)) context.report({ node: source, messageId: 'testing', data: { to } });
          } else {
            context.report({ node: source, messageId: 'deep', data: { spec: source.value, to } });
          }
          return;
        }
      },
      { commonjs: true },
    );
  },
};

/**
 * Every table has one owner (apps/server/src/db/table-owners.mjs): outside its tests, a server module
 * imports from db/schema*.ts only the tables it owns (and the schema's types and helpers); another
 * module's rows are asked for through that module's face. Code outside modules/ (plugins, app.ts)
 * owns no table.
 */
const tableOwners = {
  meta: {
    type: 'problem',
    messages: {
      foreign:
        'Table "{{table}}" belongs to module "{{owner}}": ask modules/{{owner}} (its index.ts) instead of querying it here.',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    const schemaDir = path.join(SERVER_DIR, 'src/db');
    // The schema files reference each other's tables (foreign keys): defining is not querying.
    if (isServerTestFile(file) || !file.startsWith(path.join(SERVER_DIR, 'src')) || path.dirname(file) === schemaDir)
      return {};
    const own = folderUnder(MODULES_DIR, file);
    return {
      ImportDeclaration(node) {
        const isSchema = targetsOf(node.source.value, context, SERVER_DIR).some(
          (t) => path.dirname(t) === schemaDir && /^schema[\w-]*(\.ts)?$/.test(path.basename(t)),
        );
        if (!isSchema) return;
        for (const spec of node.specifiers) {
          const name = spec.type === 'ImportSpecifier' ? spec.imported.name : null;
          const owner = name && TABLE_OWNERS[name];
          if (owner && owner !== own)
            context.report({ node: spec, messageId: 'foreign', data: { table: name, owner } });
        }
      },
    };
  },
};

/**
 * Web: features do not import each other (CONVENTIONS.md habit 5), and lib/ and components/ sit
 * below features/ and app/. Shared code goes to components/ or lib/.
 */
const webBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      cross: 'Feature "{{from}}" imports feature "{{to}}": move the shared part to components/ or lib/.',
      layer: '{{from}}/ imports {{to}}/: lib/ and components/ never import features/ or app/.',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    const ownLayer = folderUnder(WEB_SRC, file);
    const ownFeature = folderUnder(FEATURES_DIR, file);
    const lower = ownLayer === 'lib' || ownLayer === 'components';
    if (!ownFeature && !lower) return {};
    return moduleVisitor(
      (source) => {
        for (const target of targetsOf(source.value, context, WEB_DIR)) {
          const layer = folderUnder(WEB_SRC, target);
          const feature = folderUnder(FEATURES_DIR, target);
          if (lower && (layer === 'features' || layer === 'app')) {
            context.report({ node: source, messageId: 'layer', data: { from: ownLayer, to: layer } });
            return;
          }
          if (ownFeature && feature && feature !== ownFeature) {
            context.report({ node: source, messageId: 'cross', data: { from: ownFeature, to: feature } });
            return;
          }
        }
      },
      { commonjs: true },
    );
  },
};

/** How import-x finds and reads the files an import names (shared with eslint.cycles.config.js). */
export const IMPORT_SETTINGS = {
  // TypeScript files are parsed to follow their imports (no-cycle); the default is JavaScript only.
  ...importX.flatConfigs.typescript.settings,
  // Node's resolution with the TypeScript extensions: imports here are relative, or workspace packages.
  'import-x/resolver': undefined,
  'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs'] })],
};

/** Import cycles, followed through every depth; type-only imports are left out (they vanish at run time). */
export const CYCLE_CHECK = {
  files: [
    'apps/server/{src,test,scripts,bench}/**/*.ts',
    'apps/web/src/**/*.{ts,tsx}',
    'apps/admin/src/**/*.{ts,tsx}',
    'packages/contract/src/**/*.ts',
  ],
  rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
};

export const IGNORES = {
  ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**', 'apps/server/migrations/**'],
};

const local = { rules: { 'module-faces': moduleFaces, 'table-owners': tableOwners, 'web-boundaries': webBoundaries } };

/** Server layers, bottom up: lib/ and db/ (helpers, tables), plugins/, modules/, app.ts and main.ts. */
const serverLayerZones = [
  {
    target: ['src/lib', 'src/db'],
    from: ['src/modules', 'src/plugins', 'src/app.ts', 'src/main.ts', 'src/config.ts', 'src/context.ts'],
    message: 'lib/ and db/ are the bottom layer: they import no module, plugin or app file.',
  },
  {
    // Their tests may start an app through the test harness.
    target: 'src/{lib,db}/**/!(*.test).ts',
    from: ['test', 'scripts', 'bench'],
    message: 'lib/ and db/ are the bottom layer: only their tests use the test harness.',
  },
  {
    target: 'src/db',
    from: 'src/lib',
    message: 'db/ imports nothing from lib/ (lib/ may import db/).',
  },
  {
    target: 'src/plugins',
    from: ['src/modules', 'src/app.ts', 'src/main.ts'],
    message:
      'plugins/ sit below the modules: a plugin takes what it needs from a module as an interface in its options.',
  },
];

export default tseslint.config(
  IGNORES,
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
    files: ['apps/**/*.{ts,tsx,js,mjs}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: IMPORT_SETTINGS,
  },
  {
    files: ['apps/server/{src,test,scripts,bench}/**/*.ts'],
    plugins: { local },
    rules: {
      'local/module-faces': 'error',
      'local/table-owners': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: SERVER_DIR, zones: serverLayerZones }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/web/e2e/**/*.{js,mjs,ts}', 'apps/web/bench/**/*.mjs'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { local },
    rules: { 'local/web-boundaries': 'error' },
  },
  {
    files: ['apps/admin/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  CYCLE_CHECK,
  {
    files: ['**/*.{js,mjs}'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
);
