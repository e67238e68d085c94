/** Set by apps/web/vite.config.ts (`webBuildId`): this build's id, or null under `vite dev`; absent in the tests. */
declare const __WEB_BUILD_ID__: string | null | undefined;

/**
 * The id of the web build this page runs (docs/app-version.md "The web app's update check"): the hex
 * digest of its sources the build wrote into it. Null under `vite dev` and in the tests: no
 * deployment to compare with, so the web app's update check does not run.
 */
export const WEB_BUILD_ID: string | null = typeof __WEB_BUILD_ID__ === 'string' ? __WEB_BUILD_ID__ : null;
