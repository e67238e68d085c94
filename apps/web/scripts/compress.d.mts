/** Types of compress.mjs (plain JavaScript, run by node after `vite build`). */
export declare const COMPRESSIBLE: RegExp;
export declare function compressDir(dir: string): { file: string; raw: number; br: number; gzip: number }[];
