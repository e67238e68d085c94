import {
  HEADER,
  LOGIN_REDIRECT_DELAY_MS,
  REQUEST_TIMEOUT_MS,
  SESSION_EXPIRED_CODES,
  SUCCESS_CODES,
  type LoginOrigin,
} from '@app/contract';
import { apiUrl, requestHeaders } from './early';
import { currentHeaderLang, i18n } from '../i18n';
import { isDesktopPlatform } from '../routing/layout-mode';
import { navigateTo } from '../routing/navigation';
import { LOGIN_PATH, loginPathFor, TAB_PATHS } from '../routing/paths';
import { getSession } from '../session/session-store';
import { toastError } from '../feedback/toast';

/**
 * The one way the app talks to the server (docs/product.md §7 headers, docs/product.md §8 error handling).
 *
 * Every response body is `{ code, msg, data }`, whatever the HTTP status: the body is always
 * parsed and `code` decides. 0/200 resolve with `data`; 301/999 end the session; any other
 * code toasts the server's (already localized) `msg` and rejects with an ApiError.
 */

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export type ApiErrorKind = 'api' | 'session' | 'transport';

export class ApiError extends Error {
  readonly code: number;
  readonly kind: ApiErrorKind;

  constructor(kind: ApiErrorKind, code: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = code;
  }
}

/** Code used for failures that never reached a server answer (network, timeout, bad body). */
export const TRANSPORT_ERROR_CODE = -1;

/** Pages where an expired session does not send the user to login (docs/product.md §2, §8). */
const NO_LOGIN_REDIRECT_PATHS = ['/', '/splash', TAB_PATHS.home, TAB_PATHS.quote, TAB_PATHS.trade];

export interface RequestOptions {
  method?: 'GET' | 'POST';
  /** JSON body (POST). */
  body?: unknown;
  /** Query parameters (undefined values are left out). */
  query?: Record<string, string | number | boolean | undefined>;
  /** Do not toast failures (the caller shows them). Session expiry is always handled. */
  silent?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The request's `Idempotency-Key` (a money-moving request; made and held by idempotency.ts). */
  idempotencyKey?: string;
}

/** WEB from the desktop layout or a desktop URL (docs/product.md §7), H5 from the mobile layout. */
function loginOrigin(): LoginOrigin {
  return isDesktopPlatform() ? 'WEB' : 'H5';
}

/** The docs/product.md §7 headers sent with every request. */
export function commonHeaders(): Record<string, string> {
  const { token, typeUser, language } = getSession();
  return requestHeaders({ token, typeUser, language }, loginOrigin());
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}

let sessionExpiryInProgress = false;

/**
 * Code 301/999: toast, clear the session, and after 500 ms go to login, except on the pages
 * that stay usable without a session, in the desktop layout, or on the desktop platform.
 * Several requests failing together produce one toast and one redirect.
 */
function handleSessionExpired(msg: string): void {
  if (sessionExpiryInProgress) return;
  sessionExpiryInProgress = true;
  if (msg) toastError(msg);
  getSession().clearSession();

  const { pathname, search } = window.location;
  // The desktop layout asks again in a dialog where the user is (app/desktop/login-dialog.tsx).
  const exempt = NO_LOGIN_REDIRECT_PATHS.includes(pathname) || isDesktopPlatform();
  window.setTimeout(() => {
    sessionExpiryInProgress = false;
    if (exempt || window.location.pathname === LOGIN_PATH) return;
    navigateTo(loginPathFor(pathname + search), { replace: true });
  }, LOGIN_REDIRECT_DELAY_MS);
}

function transportFailure(silent: boolean | undefined): ApiError {
  const message = navigator.onLine ? i18n.t('network.serverError') : i18n.t('network.offline');
  if (!silent) toastError(message);
  return new ApiError('transport', TRANSPORT_ERROR_CODE, message);
}

/** Sends a request and returns the envelope's `data` (see the module comment). */
async function send<T>(url: string, init: RequestInit, options: RequestOptions): Promise<T> {
  // Known to be offline: say so at once instead of waiting for the request to fail.
  if (!navigator.onLine) throw transportFailure(options.silent);
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), timeoutMs);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort);

  let envelope: unknown;
  try {
    const response = await fetch(url, { ...init, signal: controller.signal, credentials: 'same-origin' });
    envelope = await response.json();
  } catch (error) {
    // A caller that cancelled (react-query, an unmounted page) wants no toast.
    if (options.signal?.aborted) throw error;
    throw transportFailure(options.silent);
  } finally {
    window.clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }

  if (!isEnvelope(envelope)) throw transportFailure(options.silent);
  const { code, msg, data } = envelope;
  if ((SUCCESS_CODES as readonly number[]).includes(code)) return data as T;
  if ((SESSION_EXPIRED_CODES as readonly number[]).includes(code)) {
    // The catalogue (with the current language's messages) loads only in the rare case of a server
    // that sent no text; if even that fails, the session still ends, without a toast.
    const message =
      msg ||
      (await import('../i18n/catalog').then(
        (m) => m.loadedCatalogMessage('SESSION_EXPIRED'),
        () => '',
      ));
    handleSessionExpired(message);
    throw new ApiError('session', code, message);
  }
  const message = msg || i18n.t('network.serverError');
  if (!options.silent) toastError(message);
  throw new ApiError('api', code, message);
}

export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'POST';
  const headers: Record<string, string> = { ...commonHeaders(), Accept: 'application/json' };
  if (options.idempotencyKey !== undefined) headers[HEADER.idempotencyKey] = options.idempotencyKey;
  let body: string | undefined;
  if (method === 'POST' && options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return send<T>(apiUrl(path, options.query), { method, headers, body }, options);
}

export function apiPost<T>(
  path: string,
  body?: unknown,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<T> {
  return apiRequest<T>(path, { ...options, method: 'POST', body });
}

export function apiGet<T>(
  path: string,
  query?: RequestOptions['query'],
  options: Omit<RequestOptions, 'method' | 'query'> = {},
): Promise<T> {
  return apiRequest<T>(path, { ...options, method: 'GET', query });
}

/** Multipart upload (docs/product.md §7 "Upload"): headers token and lang; the browser sets the boundary. */
export function apiUpload<T>(
  path: string,
  form: FormData,
  options: Omit<RequestOptions, 'method' | 'body' | 'query'> = {},
): Promise<T> {
  const { token } = getSession();
  const headers: Record<string, string> = { [HEADER.lang]: currentHeaderLang(), Accept: 'application/json' };
  if (token) headers[HEADER.token] = token;
  return send<T>(path, { method: 'POST', headers, body: form }, options);
}
