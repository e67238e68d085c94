/**
 * Lets code outside React (the API client) navigate through the router once the app has
 * registered it; before that it falls back to a full page load.
 */
type NavigateFn = (to: string, options?: { replace?: boolean }) => void;

let navigateFn: NavigateFn | null = null;

export function registerNavigate(fn: NavigateFn): void {
  navigateFn = fn;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigateFn) navigateFn(to, options);
  else if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}

/**
 * A same-origin path that is safe to return to after login: starts with one slash and is
 * not a protocol-relative URL. Anything else gives `fallback`.
 */
export function safeReturnPath(value: string | null | undefined, fallback: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  return value;
}
