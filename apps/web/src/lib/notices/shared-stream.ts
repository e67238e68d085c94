import { NoticeCursor } from './cursor';
import type { Connection } from './connection';
import type { SseEvent } from './sse-parser';

/**
 * One notice stream per browser, shared by its tabs (issue 20).
 *
 * The tabs of one browser elect a leader with the Web Locks API: each asks for the lock
 * `notice-stream`; the one holding it opens the stream (the connection) and posts every event on
 * the BroadcastChannel `notice-stream`; the others listen there. When the leader's tab closes (or
 * logs out), the browser gives the lock to the next tab in line, which opens the stream from the
 * last event id every tab has followed: no gap. Each tab lets an event through once, by its id
 * (cursor.ts): no duplicate. The leader also keeps its cursor in localStorage, so a tab opened
 * while another leads starts at the leader's place.
 *
 * Without Web Locks or BroadcastChannel (an old browser) each tab opens its own stream.
 *
 * Messages on the channel name the session they belong to (a fingerprint of the token): a tab
 * ignores another session's messages (another account signed in elsewhere) and, told that its
 * session ended in another tab, stops leading.
 */

export const LOCK_NAME = 'notice-stream';
export const CHANNEL_NAME = 'notice-stream';
/** The leader's cursor in localStorage: `{ who, id }`. */
export const CURSOR_STORAGE_KEY = 'tw.notice-cursor';

export type ChannelMessage =
  | { kind: 'event'; who: string; event: SseEvent }
  /** The leader's cursor (its answer to `hello`, and when it starts leading). */
  | { kind: 'cursor'; who: string; id: string | null }
  /** A tab that has just started asks where the stream is. */
  | { kind: 'hello'; who: string }
  /** The session ended in one tab: the others stop leading for it. */
  | { kind: 'stop'; who: string };

export type Role = 'leader' | 'follower' | 'alone' | 'off';

export interface SharedStreamDeps {
  /** Opens the connection (connection.ts), resuming from `lastEventId()`. */
  connect: (handlers: {
    lastEventId: () => string | null;
    onEvent: (event: SseEvent) => void;
    onEnd: () => void;
  }) => Connection;
  locks?: LockManager | null;
  createChannel?: ((name: string) => BroadcastChannel) | null;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
}

/** A short, stable name of a token (never the token itself on the channel or in storage). */
export function fingerprint(token: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i += 1) {
    h ^= token.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

export class SharedNoticeStream {
  private who = '';
  private cursor = new NoticeCursor();
  private channel: BroadcastChannel | null = null;
  private connection: Connection | null = null;
  /** Aborts the wait for the lock, or ends the holding of it. */
  private lockAbort: AbortController | null = null;
  private releaseLock: (() => void) | null = null;
  private roleNow: Role = 'off';

  constructor(
    private readonly deps: SharedStreamDeps,
    /** Every event, once, in order, in this tab. */
    private readonly deliver: (event: SseEvent) => void,
    /** This tab's role changed (tests and the journey read it). */
    private readonly onRole: (role: Role) => void = () => undefined,
  ) {}

  get role(): Role {
    return this.roleNow;
  }

  get lastEventId(): string | null {
    return this.cursor.id;
  }

  /** Starts following the stream of the session with this token (again: a new token restarts). */
  start(token: string): void {
    const who = fingerprint(token);
    if (this.roleNow !== 'off' && who === this.who) return;
    this.stop(false);
    this.who = who;
    this.cursor = new NoticeCursor();
    const { locks, createChannel } = this.deps;
    if (!locks || !createChannel) {
      this.setRole('alone');
      this.openConnection();
      return;
    }
    this.channel = createChannel(CHANNEL_NAME);
    this.channel.onmessage = (e: MessageEvent<ChannelMessage>) => this.onMessage(e.data);
    this.setRole('follower');
    this.post({ kind: 'hello', who });
    // A tab opened while another leads starts at the leader's place (the leader's answer to
    // `hello` may be on its way). Without a leader the stored place is an old one: the stream
    // then starts from now, as the page's first data does.
    const started = this.channel;
    void locks
      .query()
      .then(
        (state) => (state.held ?? []).some((lock) => lock.name === LOCK_NAME),
        () => false,
      )
      .then((led) => {
        if (this.channel !== started) return; // Stopped or restarted meanwhile.
        if (led) this.cursor.advance(this.readStoredCursor());
        this.requestLock(locks);
      });
  }

  /** Stops following; `announce` tells the other tabs the session ended (logout, expiry). */
  stop(announce = true): void {
    if (this.roleNow === 'off') return;
    if (announce) this.post({ kind: 'stop', who: this.who });
    this.connection?.close();
    this.connection = null;
    this.lockAbort?.abort();
    this.lockAbort = null;
    this.releaseLock?.();
    this.releaseLock = null;
    if (this.channel) {
      this.channel.onmessage = null;
      this.channel.close();
      this.channel = null;
    }
    this.setRole('off');
  }

  private setRole(role: Role): void {
    if (role === this.roleNow) return;
    this.roleNow = role;
    this.onRole(role);
  }

  private requestLock(locks: LockManager): void {
    const abort = new AbortController();
    this.lockAbort = abort;
    locks
      .request(LOCK_NAME, { signal: abort.signal }, () => {
        if (abort.signal.aborted) return undefined;
        // Held until released: this tab leads while the promise is pending.
        return new Promise<void>((resolve) => {
          this.releaseLock = resolve;
          this.lead();
        });
      })
      .catch(() => undefined); // Aborted while waiting: nothing to do.
  }

  private lead(): void {
    this.setRole('leader');
    this.post({ kind: 'cursor', who: this.who, id: this.cursor.id });
    this.openConnection();
  }

  private openConnection(): void {
    this.connection = this.deps.connect({
      lastEventId: () => this.cursor.id,
      onEvent: (event) => this.fromStream(event),
      // The session is over (or the server said stop): give up leading; the app ends the session.
      onEnd: () => this.stop(true),
    });
  }

  private fromStream(event: SseEvent): void {
    if (!this.cursor.accept(event.id)) return;
    this.post({ kind: 'event', who: this.who, event });
    if (this.roleNow === 'leader' && this.cursor.id !== null) this.writeStoredCursor(this.cursor.id);
    this.deliver(event);
  }

  /**
   * An event this tab made (not the server's: no id), for every tab of the browser: delivered here
   * and posted to the others.
   */
  share(event: SseEvent): void {
    if (this.roleNow === 'off') return;
    this.post({ kind: 'event', who: this.who, event });
    this.deliver(event);
  }

  private onMessage(message: ChannelMessage): void {
    if (typeof message !== 'object' || message === null || message.who !== this.who) return;
    switch (message.kind) {
      case 'event':
        if (this.cursor.accept(message.event.id)) this.deliver(message.event);
        break;
      case 'cursor':
        this.cursor.advance(message.id);
        break;
      case 'hello':
        if (this.roleNow === 'leader') this.post({ kind: 'cursor', who: this.who, id: this.cursor.id });
        break;
      case 'stop':
        // The session ended in another tab: this tab's token is the same one, so it is over here too.
        this.stop(false);
        break;
    }
  }

  private post(message: ChannelMessage): void {
    try {
      this.channel?.postMessage(message);
    } catch {
      // A closed channel (the tab is going away).
    }
  }

  private readStoredCursor(): string | null {
    try {
      const raw = this.deps.storage?.getItem(CURSOR_STORAGE_KEY);
      const value = raw ? (JSON.parse(raw) as { who?: unknown; id?: unknown }) : null;
      return value && value.who === this.who && typeof value.id === 'string' ? value.id : null;
    } catch {
      return null;
    }
  }

  private writeStoredCursor(id: string): void {
    try {
      this.deps.storage?.setItem(CURSOR_STORAGE_KEY, JSON.stringify({ who: this.who, id }));
    } catch {
      // Storage full or refused: the channel still carries the cursor.
    }
  }
}
