/** Types of first-route-size.mjs (plain JavaScript, run by node after the build's compress step). */
export interface SentSize {
  file: string;
  raw: number;
  gzip: number;
  br: number;
}
export interface FirstRouteReport {
  route: string;
  js: SentSize[];
  css: SentSize[];
  jsTotal: Omit<SentSize, 'file'>;
  cssTotal: Omit<SentSize, 'file'>;
  budget: number;
  withinBudget: boolean;
}
export declare const FIRST_ROUTE_JS_GZIP_MAX: number;
export declare const HOME_ROUTE_MODULE: string;
export declare function firstRouteFiles(dist: string, routeModule?: string): { js: string[]; css: string[] };
export declare function sentSizes(dist: string, file: string): SentSize;
export declare function firstRouteReport(dist: string, budget?: number, routeModule?: string): FirstRouteReport;
export declare function formatReport(report: FirstRouteReport): string;
