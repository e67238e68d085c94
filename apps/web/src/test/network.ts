import { ERRORS, type ErrorKey, type WsServerMessage } from '@app/contract';

/**
 * The network of the component tests, and the only thing they fake: the server behind the API
 * client's `fetch` (every answer the `{ code, msg, data }` envelope it reads) and the market
 * websocket. Everything above it (the API client, react-query, the hooks, the components) is the
 * app's own code. setup.ts installs both and empties them after each test.
 */

/** A request the app sent, as the fake server saw it. */
export interface SentRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The JSON body (POST), parsed. */
  body: unknown;
  headers: Headers;
}

/** An answer that is not success: the envelope the server sends for a catalogue error. */
class Refusal {
  constructor(
    readonly code: number,
    readonly msg: string,
  ) {}
}

/** The server refuses with a catalogue error (its code and English message). */
export function refusal(key: ErrorKey): Refusal {
  return new Refusal(ERRORS[key].code, ERRORS[key].en);
}

type Answer = (request: SentRequest) => unknown;

/** The fake server behind `fetch`: answers the routes a test gives it; any other request fails as a dead network would. */
export class FakeApi {
  /** Every request that reached it, oldest first. */
  readonly requests: SentRequest[] = [];
  /** The requests no route answered (they failed like a network error). */
  readonly unanswered: SentRequest[] = [];
  private readonly routes = new Map<string, Answer>();

  /** Answers GET `path` with `data` (or what `answer` returns for the request, or a `refusal`). */
  get(path: string, data: unknown): this {
    return this.on('GET', path, data);
  }

  post(path: string, data: unknown): this {
    return this.on('POST', path, data);
  }

  /** The requests sent to `path`. */
  sent(method: string, path: string): SentRequest[] {
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  reset(): void {
    this.routes.clear();
    this.requests.length = 0;
    this.unanswered.length = 0;
  }

  private on(method: string, path: string, data: unknown): this {
    this.routes.set(`${method} ${path}`, typeof data === 'function' ? (data as Answer) : () => data);
    return this;
  }

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const request: SentRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: Object.fromEntries(url.searchParams.entries()),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init.headers),
    };
    this.requests.push(request);
    const answer = this.routes.get(`${request.method} ${request.path}`);
    if (!answer) {
      this.unanswered.push(request);
      throw new TypeError(`fake network: nothing answers ${request.method} ${request.path}`);
    }
    const data = answer(request);
    const envelope =
      data instanceof Refusal ? { code: data.code, msg: data.msg, data: null } : { code: 0, msg: 'success', data };
    return new Response(JSON.stringify(envelope), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
}

/** The part of WebSocket the market client uses (lib/market/socket.ts `SocketLike`). */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  /** The sockets the app opened (the closed ones until the next reset). */
  static readonly opened: FakeWebSocket[] = [];

  readonly url: string;
  readyState = FakeWebSocket.CONNECTING;
  /** The messages the app sent (SUBSCRIBE …), parsed. */
  readonly sent: unknown[] = [];
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;

  constructor(url: string | URL) {
    this.url = String(url);
    FakeWebSocket.opened.push(this);
    // The server accepts at once, as a local one would.
    queueMicrotask(() => {
      if (this.readyState !== FakeWebSocket.CONNECTING) return;
      this.readyState = FakeWebSocket.OPEN;
      this.onopen?.(new Event('open'));
    });
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(): void {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent('close', { code: 1000 }));
  }

  /** The server sends `message` on this socket. */
  receive(message: WsServerMessage): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }

  /** The server sends `message` on every open socket (the app routes it to the streams it belongs to). */
  static broadcast(message: WsServerMessage): void {
    for (const socket of FakeWebSocket.opened) if (socket.readyState === FakeWebSocket.OPEN) socket.receive(message);
  }

  /** Forgets the closed sockets (an open one may still serve the next test: the app's connections linger briefly). */
  static reset(): void {
    const open = FakeWebSocket.opened.filter((s) => s.readyState !== FakeWebSocket.CLOSED);
    FakeWebSocket.opened.splice(0, FakeWebSocket.opened.length, ...open);
  }
}

export const api = new FakeApi();
