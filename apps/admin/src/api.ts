import type { OperatorInfo } from '@app/contract';

/** The envelope every admin answer comes in: code 0 is success (docs/architecture.md "Conventions of the API"). */
interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** The envelope code of an expired or unknown session: the app returns to the sign-in. */
export const SESSION_EXPIRED = 301;

/** A failed call: the server's code and its plain-words message. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const TOKEN_KEY = 'admin.token';
const OPERATOR_KEY = 'admin.operator';

/** The session lives in sessionStorage: closing the tab signs the operator out of this browser. */
export const session = {
  token: (): string | null => sessionStorage.getItem(TOKEN_KEY),
  operator(): OperatorInfo | null {
    const raw = sessionStorage.getItem(OPERATOR_KEY);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as OperatorInfo;
    } catch {
      return null;
    }
  },
  save(token: string, operator: OperatorInfo): void {
    sessionStorage.setItem(TOKEN_KEY, token);
    sessionStorage.setItem(OPERATOR_KEY, JSON.stringify(operator));
  },
  clear(): void {
    sessionStorage.removeItem(TOKEN_KEY);
    sessionStorage.removeItem(OPERATOR_KEY);
  },
};

/** Told when any call answers 301: the shell drops the session and shows the sign-in. */
let onExpired: () => void = () => undefined;
export function whenSessionExpires(fn: () => void): void {
  onExpired = fn;
}

/** A query string of the defined values (undefined and '' are left out). */
export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

/** Reads an envelope: its data on code 0, else an ApiError with the server's message. */
export function unwrap<T>(body: unknown): T {
  const env = body as Partial<Envelope<T>> | null;
  if (!env || typeof env.code !== 'number')
    throw new ApiError(-1, 'The server gave an answer the back office cannot read.');
  if (env.code !== 0) throw new ApiError(env.code, env.msg || 'The request failed.');
  return env.data as T;
}

/** Calls an admin route with the session's token; a body makes it a POST. */
export async function call<T>(path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  const token = session.token();
  if (token) headers.token = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(-1, 'The server cannot be reached. Check the connection and try again.');
  }
  return envelopeOf<T>(res, token);
}

/** An answer's envelope: its data, or an ApiError (a 301 with a token also ends the session here). */
async function envelopeOf<T>(res: Response, token: string | null): Promise<T> {
  let json: unknown = null;
  try {
    json = await res.json();
  } catch {
    throw new ApiError(-1, `The server answered ${res.status} without a readable body.`);
  }
  try {
    return unwrap<T>(json);
  } catch (err) {
    if (err instanceof ApiError && err.code === SESSION_EXPIRED && token) onExpired();
    throw err;
  }
}

/**
 * An image an admin route serves (a KYC photo: the token header is needed, so an <img> cannot ask
 * for it itself) as an object URL, which the caller revokes. The server records each view.
 */
export async function imageUrl(path: string): Promise<string> {
  const token = session.token();
  let res: Response;
  try {
    res = await fetch(path, { headers: token ? { token } : {} });
  } catch {
    throw new ApiError(-1, 'The server cannot be reached. Check the connection and try again.');
  }
  if (res.ok && (res.headers.get('content-type') ?? '').startsWith('image/'))
    return URL.createObjectURL(await res.blob());
  await envelopeOf(res, token);
  throw new ApiError(-1, `The image could not be loaded (${res.status}).`);
}
