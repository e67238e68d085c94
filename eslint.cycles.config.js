import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { CYCLE_CHECK, IGNORES, IMPORT_SETTINGS } from './eslint.config.js';

/**
 * The import-cycle check alone (`npm run lint:cycles`), over server, web, back office and contract. `npm run lint`
 * runs the same rule with everything else; this one answers "are there cycles?" by itself.
 */
export default [
  IGNORES,
  {
    ...CYCLE_CHECK,
    languageOptions: { parser: tseslint.parser },
    plugins: { 'import-x': importX },
    settings: IMPORT_SETTINGS,
  },
];
