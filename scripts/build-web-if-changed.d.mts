/** Types of build-web-if-changed.mjs (plain JavaScript, run by node from `npm start`). */
export declare const WEB_INPUTS: readonly string[];
export declare const ADMIN_INPUTS: readonly string[];
export declare const BUILDS: readonly {
  name: string;
  dist: string;
  inputs: readonly string[];
  stampFlag: string;
  workspace: string;
}[];
export declare const STAMP: string;
export declare function sourcesHash(root: string, inputs?: readonly string[]): string;
export declare function needsBuild(root: string, dist: string, inputs?: readonly string[]): boolean;
export declare function writeStamp(root: string, dist: string, inputs?: readonly string[]): void;
