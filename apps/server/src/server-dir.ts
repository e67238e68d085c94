import path from 'node:path';

/**
 * The server package's folder (apps/server). This file is one level below it both as source
 * (src/server-dir.ts, run by tsx and the tests) and inside the prebuilt bundle (dist/main.mjs),
 * so files the server reads at run time (migrations, the web app's build) are found from here in
 * both, never from a module's own location, which the bundle does not keep.
 */
export const SERVER_DIR = path.resolve(import.meta.dirname, '..');
