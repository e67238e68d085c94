/**
 * A JSON-RPC client over HTTP for chain nodes without a client library of their own (bitcoind):
 * Node's fetch, basic auth taken from the URL's user:password, calls made in the same turn of the
 * event loop sent together as one JSON-RPC batch, a timeout per HTTP request, no retries (the
 * scanner backs off). Errors never carry the credentials: they end up in logs and on /readyz.
 */

export interface JsonRpcOptions {
  /** Per HTTP request (a batch is one), ms. */
  timeoutMs?: number;
  /** The most calls in one batch; more go out as further requests. */
  batchSize?: number;
  /** The most HTTP requests under way at once (bitcoind serves 4 at a time by default: `-rpcthreads`). */
  maxInFlight?: number;
  /** What the node is called in error messages, e.g. `bitcoin node`. */
  name?: string;
}

/** The node answered the call with an error (`{ code, message }`). */
export class JsonRpcError extends Error {
  constructor(
    readonly method: string,
    readonly code: number,
    message: string,
  ) {
    super(`${method}: ${message} (${code})`);
    this.name = 'JsonRpcError';
  }
}

export interface JsonRpcClient {
  /** One call; it joins the other calls of this turn of the event loop in a batch. */
  call<T>(method: string, params?: readonly unknown[]): Promise<T>;
}

interface Pending {
  id: number;
  method: string;
  params: readonly unknown[];
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Answer {
  id?: unknown;
  result?: unknown;
  error?: { code?: unknown; message?: unknown } | null;
}

/** The endpoint without its user:password, and the Authorization header they make (fetch refuses a URL with credentials). */
export function splitCredentials(url: string): { endpoint: string; authorization: string | null } {
  const u = new URL(url);
  const authorization =
    u.username || u.password
      ? `Basic ${Buffer.from(`${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`).toString('base64')}`
      : null;
  u.username = '';
  u.password = '';
  return { endpoint: u.toString(), authorization };
}

export function jsonRpcClient(url: string, opts: JsonRpcOptions = {}): JsonRpcClient {
  const { endpoint, authorization } = splitCredentials(url);
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const batchSize = opts.batchSize ?? 10;
  const maxInFlight = opts.maxInFlight ?? 4;
  const name = opts.name ?? 'node';
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (authorization) headers.authorization = authorization;

  let nextId = 1;
  let queue: Pending[] = [];
  let inFlight = 0;
  const waiting: (() => void)[] = [];

  async function slot(): Promise<void> {
    if (inFlight < maxInFlight) {
      inFlight++;
      return;
    }
    // The finishing request hands its slot over (inFlight stays counted).
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  function release(): void {
    const next = waiting.shift();
    if (next) next();
    else inFlight--;
  }

  /** One HTTP request: a lone call as itself, several as a batch; every call settles. */
  async function send(calls: Pending[]): Promise<void> {
    await slot();
    try {
      const body = calls.map((c) => ({ jsonrpc: '1.0', id: c.id, method: c.method, params: c.params }));
      const answers = await post(calls.length === 1 ? body[0] : body, calls[0]!.method);
      const byId = new Map(answers.map((a) => [a.id, a]));
      // One answer without an id (a request the node could not read) answers every call.
      const whole = answers.length === 1 && (answers[0]!.id ?? null) === null ? answers[0] : undefined;
      for (const c of calls) {
        const a = byId.get(c.id) ?? whole;
        if (!a) c.reject(new Error(`${c.method}: the ${name} gave no answer to it`));
        else if (a.error)
          c.reject(new JsonRpcError(c.method, Number(a.error.code ?? 0), String(a.error.message ?? 'error')));
        else c.resolve(a.result);
      }
    } catch (e) {
      const error = e instanceof Error ? e : new Error(String(e));
      for (const c of calls) c.reject(error);
    } finally {
      release();
    }
  }

  /** POSTs and reads the answers. bitcoind (before JSON-RPC 2.0) answers a failed lone call with HTTP 500 or 404 and the error in the body. */
  async function post(payload: unknown, method: string): Promise<Answer[]> {
    let res: Response;
    let text: string;
    try {
      res = await fetch(endpoint, {
        method: 'POST',
        headers,
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (e) {
      throw new Error(`${method}: ${transportError(e, name, timeoutMs)}`);
    }
    if (res.status === 401 || res.status === 403) {
      throw new Error(`${method}: the ${name} refused the user and password (HTTP ${res.status})`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error(`${method}: the ${name} answered HTTP ${res.status}: ${text.trim().slice(0, 200) || 'no body'}`);
    }
    if (Array.isArray(json)) return json as Answer[];
    if (json && typeof json === 'object') return [json as Answer];
    throw new Error(`${method}: the ${name} answered HTTP ${res.status} with something else than JSON-RPC`);
  }

  function flush(): void {
    const calls = queue;
    queue = [];
    for (let i = 0; i < calls.length; i += batchSize) void send(calls.slice(i, i + batchSize));
  }

  return {
    call<T>(method: string, params: readonly unknown[] = []): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        // The calls made until the event loop turns go out together.
        if (!queue.length) setImmediate(flush);
        queue.push({ id: nextId++, method, params, resolve: resolve as (v: unknown) => void, reject });
      });
    },
  };
}

/** Why fetch failed, in words that carry no URL: refused, timed out, reset. */
function transportError(e: unknown, name: string, timeoutMs: number): string {
  if (e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError'))
    return `the ${name} gave no answer in ${timeoutMs} ms`;
  // fetch's own message is "fetch failed"; its cause says what happened (`connect ECONNREFUSED 127.0.0.1:8332`, `other side closed`).
  const cause = e instanceof Error && e.cause instanceof Error ? e.cause : null;
  return `the ${name} is unreachable (${cause?.message ?? (e instanceof Error ? e.message : String(e))})`;
}
