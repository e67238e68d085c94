import { SESSION_EXPIRED_CODES } from '@app/contract';
import { reconnectDelayMs } from '../market/socket';
import { SseParser, type SseEvent } from './sse-parser';

/**
 * One server-sent-event connection read with fetch() and a stream reader (EventSource cannot send
 * the `token` header). It reconnects after a drop with a backoff (1 s doubling to 30 s, with
 * jitter, starting over once the server sends something; its `retry` as the first wait), sending the last event id as `Last-Event-ID`
 * so the server resumes where the stream stopped. It ends for good when closed, when the server
 * says the session is over (code 301/999, HTTP 401/403) or answers 204 (the SSE way of saying
 * "do not reconnect").
 */

export interface ConnectionOptions {
  url: string;
  /** The request headers, asked again for every attempt (the token and language of the moment). */
  headers: () => Record<string, string>;
  /** Where to resume: the last event id this browser has, or null for "from now". */
  lastEventId: () => string | null;
  onEvent: (event: SseEvent) => void;
  /** The stream answered and is open (each reconnection too). */
  onOpen?: () => void;
  /** The connection ended for good on its own: the session is over, or the server said stop. */
  onEnd?: (reason: 'session' | 'stopped') => void;
  /** How long a connection may stay silent (no byte, not even a keep-alive) before it is dropped and reopened. */
  silenceMs?: number;
  fetchImpl?: typeof fetch;
}

export interface Connection {
  close: () => void;
}

const DEFAULT_SILENCE_MS = 60_000;

/** The answer's body as an envelope code, or null when it is none. */
async function envelopeCode(response: Response): Promise<number | null> {
  try {
    const body = (await response.json()) as { code?: unknown };
    return typeof body.code === 'number' ? body.code : null;
  } catch {
    return null;
  }
}

export function openSseConnection(options: ConnectionOptions): Connection {
  const doFetch = options.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const silenceMs = options.silenceMs ?? DEFAULT_SILENCE_MS;
  let closed = false;
  let controller: AbortController | null = null;
  let retryMs: number | null = null;
  let attempt = 0;
  let wake: (() => void) | null = null;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
    });

  /** Reads one answer until it ends, is closed or stays silent too long. */
  async function read(response: Response, signal: AbortController): Promise<void> {
    const body = response.body;
    if (!body) return;
    const reader = body.getReader();
    const decoder = new TextDecoder();
    const parser = new SseParser({ onEvent: options.onEvent, onRetry: (ms) => (retryMs = ms) });
    let silence: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(silence);
      silence = setTimeout(() => signal.abort(), silenceMs);
    };
    arm();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || closed) break;
        // The server is really serving (not a stream that opens and fails): the backoff starts over.
        attempt = 0;
        arm();
        parser.push(decoder.decode(value, { stream: true }));
      }
    } finally {
      clearTimeout(silence);
      reader.releaseLock();
    }
  }

  async function run(): Promise<void> {
    while (!closed) {
      controller = new AbortController();
      const headers: Record<string, string> = { ...options.headers(), Accept: 'text/event-stream' };
      const last = options.lastEventId();
      if (last !== null) headers['Last-Event-ID'] = last;
      try {
        const response = await doFetch(options.url, {
          headers,
          signal: controller.signal,
          cache: 'no-store',
          credentials: 'same-origin',
          // A stream that stays open for the whole visit is background work: it must not rank with
          // the page's own requests while the page loads (decision 0158).
          priority: 'low',
        });
        const type = response.headers.get('content-type') ?? '';
        if (response.status === 204) return end('stopped');
        if (response.status === 401 || response.status === 403) return end('session');
        if (response.ok && type.includes('text/event-stream')) {
          options.onOpen?.();
          await read(response, controller);
        } else {
          const code = await envelopeCode(response);
          if (code !== null && (SESSION_EXPIRED_CODES as readonly number[]).includes(code)) return end('session');
        }
      } catch {
        // A network failure, an abort (closed, or silent too long): reconnect unless closed.
      }
      if (closed) return;
      const wait = retryMs !== null && attempt === 0 ? retryMs : reconnectDelayMs(attempt);
      attempt += 1;
      await sleep(wait);
    }
  }

  function end(reason: 'session' | 'stopped'): void {
    if (closed) return;
    closed = true;
    options.onEnd?.(reason);
  }

  void run();
  return {
    close: () => {
      closed = true;
      controller?.abort();
      wake?.();
    },
  };
}
