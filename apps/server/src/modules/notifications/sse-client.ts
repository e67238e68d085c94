import http from 'node:http';

/** One event as a client read it, with when it arrived (performance.now(), ms). */
export interface SseEvent {
  id: number | null;
  event: string;
  data: unknown;
  at: number;
}

/**
 * A minimal server-sent-events client over node:http, for the stream's tests and `npm run bench:sse`
 * (one socket per stream, as a browser has). It parses `id:`, `event:`, `data:` and comments.
 */
export class SseClient {
  readonly events: SseEvent[] = [];
  status = 0;
  /** The last id received (what a browser sends back as Last-Event-ID). */
  lastEventId: number | null = null;
  private req: http.ClientRequest | null = null;
  private waiters: { test: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }[] = [];
  onEvent: ((e: SseEvent) => void) | null = null;

  /** Opens the stream; resolves with the status once the headers came (and the body, when it is not a stream). */
  open(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = http.get(url, { headers, agent: false }, (res) => {
        this.status = res.statusCode ?? 0;
        res.setEncoding('utf8');
        if (!String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
          let body = '';
          res.on('data', (c: string) => (body += c));
          res.on('end', () => resolve({ status: this.status, body }));
          return;
        }
        let buf = '';
        res.on('data', (chunk: string) => {
          buf += chunk;
          let i: number;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            this.parse(buf.slice(0, i));
            buf = buf.slice(i + 2);
          }
        });
        res.on('error', () => undefined);
        resolve({ status: this.status, body: '' });
      });
      req.on('error', reject);
      this.req = req;
    });
  }

  private parse(block: string): void {
    let id: number | null = null;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const at = line.indexOf(':');
      const field = at < 0 ? line : line.slice(0, at);
      const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
      if (field === 'id') id = Number(value);
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (!data.length) return;
    const e: SseEvent = { id, event, data: JSON.parse(data.join('\n')) as unknown, at: performance.now() };
    if (id !== null) this.lastEventId = id;
    this.events.push(e);
    this.onEvent?.(e);
    this.waiters = this.waiters.filter((w) => {
      if (!w.test(e)) return true;
      w.resolve(e);
      return false;
    });
  }

  /** The first event (already received or coming) that passes `test`; rejects after `timeoutMs`. */
  next(test: (e: SseEvent) => boolean, timeoutMs = 5000): Promise<SseEvent> {
    const seen = this.events.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching event in ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        test,
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e);
        },
      });
    });
  }

  close(): void {
    this.req?.destroy();
    this.req = null;
  }
}
