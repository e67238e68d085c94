/** Types of build-server-if-changed.mjs (plain JavaScript, run by node from `npm start`). */
export declare const SERVER_INPUTS: readonly string[];
export declare const SERVER_DIST: string;
export declare const SERVER_BUNDLE: string;
export declare const OPS_BUNDLE: string;
export declare function buildServer(root: string, dist?: string): Promise<void>;
export declare function serverNeedsBuild(root: string, dist?: string): boolean;
