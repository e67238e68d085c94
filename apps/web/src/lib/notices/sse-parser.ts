/**
 * An incremental parser of the server-sent-event stream format (HTML "Server-sent events",
 * § event stream interpretation), for a stream read with fetch() — EventSource cannot send the
 * `token` header. Text goes in as it arrives, in pieces cut anywhere (even between a CR and its
 * LF); whole events come out.
 *
 * - Lines end with CRLF, LF or CR; a leading byte-order mark is dropped.
 * - `data` lines are joined with LF; `event` names the event (default `message`); `id` sets the
 *   last event id (ignored when it holds NUL) and stays for the events after it; `retry` with only
 *   digits sets the reconnection delay; a line starting with `:` is a comment (a keep-alive).
 * - A blank line ends an event: the last event id is taken over even when the event has no
 *   data, and an event without data is not dispatched.
 */

export interface SseEvent {
  /** The last event id when the event ended ('' when the stream never set one). */
  id: string;
  /** The `event` field, `message` when there was none. */
  type: string;
  data: string;
}

export interface SseHandlers {
  onEvent: (event: SseEvent) => void;
  /** A `retry` field: the server's reconnection delay in milliseconds. */
  onRetry?: (ms: number) => void;
  /** A comment line (the server's keep-alive). */
  onComment?: (text: string) => void;
  /** The last event id changed (also by an event without data). */
  onId?: (id: string) => void;
}

export class SseParser {
  private buffer = '';
  private started = false;
  /** The previous piece ended with CR: a LF at the start of the next one belongs to it. */
  private pendingCr = false;
  private data: string[] = [];
  private eventType = '';
  private idBuffer: string;
  private dispatchedId: string;

  constructor(
    private readonly handlers: SseHandlers,
    lastEventId = '',
  ) {
    this.idBuffer = lastEventId;
    this.dispatchedId = lastEventId;
  }

  /** The last event id taken over by a blank line (what a reconnection sends as Last-Event-ID). */
  get lastEventId(): string {
    return this.dispatchedId;
  }

  /** Feeds the next piece of decoded text. */
  push(text: string): void {
    let chunk = text;
    if (!this.started && chunk.length > 0) {
      this.started = true;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    if (this.pendingCr && chunk.startsWith('\n')) chunk = chunk.slice(1);
    this.pendingCr = false;
    this.buffer += chunk;

    let start = 0;
    for (let i = 0; i < this.buffer.length; i += 1) {
      const c = this.buffer.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      this.line(this.buffer.slice(start, i));
      if (c === 13) {
        if (i + 1 < this.buffer.length) {
          if (this.buffer.charCodeAt(i + 1) === 10) i += 1;
        } else {
          this.pendingCr = true;
        }
      }
      start = i + 1;
    }
    this.buffer = this.buffer.slice(start);
  }

  /** Forgets a half-received event (the connection dropped); the last event id stays. */
  reset(): void {
    this.buffer = '';
    this.pendingCr = false;
    this.started = false;
    this.data = [];
    this.eventType = '';
    this.idBuffer = this.dispatchedId;
  }

  private line(line: string): void {
    if (line === '') {
      this.dispatch();
      return;
    }
    if (line.startsWith(':')) {
      this.handlers.onComment?.(line.slice(1));
      return;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.eventType = value;
        break;
      case 'data':
        this.data.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) this.idBuffer = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.handlers.onRetry?.(Number(value));
        break;
      default:
        break; // Unknown fields are ignored.
    }
  }

  private dispatch(): void {
    if (this.idBuffer !== this.dispatchedId) {
      this.dispatchedId = this.idBuffer;
      this.handlers.onId?.(this.dispatchedId);
    }
    const data = this.data;
    const type = this.eventType || 'message';
    this.data = [];
    this.eventType = '';
    if (data.length === 0) return;
    this.handlers.onEvent({ id: this.dispatchedId, type, data: data.join('\n') });
  }
}
