/** Types of first-route-size.mjs (plain JavaScript, run by node after the build's compress step). */
export interface SentSize {
  file: string;
  raw: number;
  gzip: number;
  br: number;
}
export interface FirstRoute {
  label: string;
  modules: string[];
  /** False for a route sized for information only (not held to the budget). */
  checked?: boolean;
  /** This route's own gzip budget, when it differs from FIRST_ROUTE_JS_GZIP_MAX. */
  budget?: number;
}
export interface FirstRouteReport {
  route: string;
  checked: boolean;
  js: SentSize[];
  css: SentSize[];
  jsTotal: Omit<SentSize, 'file'>;
  cssTotal: Omit<SentSize, 'file'>;
  budget: number;
  withinBudget: boolean;
}
export declare const FIRST_ROUTE_JS_GZIP_MAX: number;
export declare const HOME_ROUTE_MODULE: string;
export declare const FIRST_ROUTES: FirstRoute[];
export declare function firstRouteFiles(dist: string, routeModules?: string[]): { js: string[]; css: string[] };
export declare function sentSizes(dist: string, file: string): SentSize;
export declare function firstRouteReport(dist: string, budget?: number, route?: FirstRoute): FirstRouteReport;
export declare function formatReport(report: FirstRouteReport): string;
