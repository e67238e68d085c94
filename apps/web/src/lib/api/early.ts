import {
  HEADER,
  REQUEST_TIMEOUT_MS,
  SUCCESS_CODES,
  toHeaderLang,
  type Language,
  type LoginOrigin,
  type TypeUser,
} from '@app/contract';

/** What the docs/product.md §7 headers are built from. */
export interface HeaderSession {
  token: string | null;
  typeUser: TypeUser;
  language: Language;
}

/** The docs/product.md §7 headers of every request (api-client.ts sends them, and the early requests below). */
export function requestHeaders(
  { token, typeUser, language }: HeaderSession,
  origin: LoginOrigin,
): Record<string, string> {
  const headers: Record<string, string> = {
    [HEADER.lang]: toHeaderLang(language),
    [HEADER.typeUser]: typeUser,
    [HEADER.loginOrigin]: origin,
  };
  if (token) headers[HEADER.token] = token;
  return headers;
}

/** A request's URL: the path and its defined query values (every request of the app is built so). */
export function apiUrl(path: string, query?: Record<string, string | number | boolean | undefined>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * GET requests the entry sends before the libraries and the API client have loaded (issue 14):
 * the first data of a page whose first view it paints (app/first-view.ts), so that view does not
 * wait for the app. Each answer is taken once, by the query that would otherwise ask
 * (take-early.ts, apart: the entry does not need it); the query asks again itself when the early request failed in any way, so its
 * error handling stays the API client's.
 */
export const early = new Map<string, Promise<unknown>>();

/** An early request's key: its URL and language (the `lang` header; titles and messages follow it). */
export const earlyKey = (url: string, language: Language) => `${toHeaderLang(language)} ${url}`;

/** Sends `url` (path and query, as the API client builds it) now; resolves with the envelope's data on success. */
export function sendEarly<T>(url: string, session: HeaderSession): Promise<T> {
  const request = fetch(url, {
    headers: { ...requestHeaders(session, 'H5'), Accept: 'application/json' },
    credentials: 'same-origin',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  })
    .then((response) => response.json() as Promise<{ code?: unknown; data?: unknown }>)
    .then((envelope) => {
      if (!(SUCCESS_CODES as readonly unknown[]).includes(envelope.code))
        throw new Error(`early request: code ${String(envelope.code)}`);
      return envelope.data as T;
    });
  early.set(earlyKey(url, session.language), request);
  // Failures are the taker's to handle (it asks again); none is reported twice.
  request.catch(() => undefined);
  return request;
}
