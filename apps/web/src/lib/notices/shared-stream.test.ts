import { describe, expect, it } from 'vitest';
import { SharedNoticeStream, type SharedStreamDeps } from './shared-stream';
import type { SseEvent } from './sse-parser';

/** Web Locks for one name at a time: granted in request order, released when the callback's promise settles. */
class FakeLocks {
  private holder: object | null = null;
  private queue: { key: object; grant: () => void; signal?: AbortSignal }[] = [];

  request(name: string, options: { signal?: AbortSignal }, callback: () => unknown): Promise<unknown> {
    void name;
    return new Promise((resolve, reject) => {
      const key = {};
      const grant = () => {
        this.holder = key;
        void Promise.resolve(callback()).finally(() => {
          this.holder = null;
          resolve(undefined);
          this.next();
        });
      };
      options.signal?.addEventListener('abort', () => {
        const i = this.queue.findIndex((q) => q.key === key);
        if (i >= 0) {
          this.queue.splice(i, 1);
          reject(new DOMException('aborted', 'AbortError'));
        }
      });
      this.queue.push({ key, grant, signal: options.signal });
      this.next();
    });
  }

  query() {
    return Promise.resolve({ held: this.holder ? [{ name: 'notice-stream' }] : [], pending: [] });
  }

  private next() {
    if (this.holder) return;
    const first = this.queue.shift();
    first?.grant();
  }
}

/** BroadcastChannel: a message reaches every other open channel of the name, later. */
const channels = new Set<FakeChannel>();
class FakeChannel {
  onmessage: ((e: MessageEvent) => void) | null = null;
  constructor(readonly name: string) {
    channels.add(this);
  }
  postMessage(data: unknown) {
    const copy = structuredClone(data);
    for (const c of channels)
      if (c !== this && c.name === this.name) setTimeout(() => c.onmessage?.({ data: copy } as MessageEvent), 0);
  }
  close() {
    channels.delete(this);
  }
}

/** The server: the user's events so far; each open connection gets the ones after its Last-Event-ID, then new ones. */
class FakeServer {
  events: SseEvent[] = [];
  open = new Set<{ after: number; onEvent: (e: SseEvent) => void }>();
  connections = 0;
  emit(type: string, data: unknown) {
    const event = { id: String(this.events.length + 1), type, data: JSON.stringify(data) };
    this.events.push(event);
    for (const c of this.open) c.onEvent(event);
  }
  connect: SharedStreamDeps['connect'] = ({ lastEventId, onEvent }) => {
    this.connections += 1;
    const after = Number(lastEventId() ?? this.events.length);
    const c = { after, onEvent };
    this.open.add(c);
    for (const e of this.events.slice(after)) onEvent(e);
    return { close: () => this.open.delete(c) };
  };
}

const tick = (ms = 5) => new Promise((r) => setTimeout(r, ms));

function tab(server: FakeServer, locks: FakeLocks | null, storage: Map<string, string>) {
  const got: string[] = [];
  const stream = new SharedNoticeStream(
    {
      connect: server.connect,
      locks: locks as unknown as LockManager,
      createChannel: locks ? (name) => new FakeChannel(name) as unknown as BroadcastChannel : null,
      storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v) },
    },
    (e) => got.push(e.id),
  );
  return { stream, got };
}

describe('SharedNoticeStream', () => {
  it('opens one stream for three tabs, delivers each event once to each, and hands over with no gap or duplicate', async () => {
    const server = new FakeServer();
    const locks = new FakeLocks();
    const storage = new Map<string, string>();
    server.emit('unread', { unread: 0 });
    const tabs = [tab(server, locks, storage), tab(server, locks, storage), tab(server, locks, storage)];
    for (const t of tabs) t.stream.start('token-1');
    await tick();
    expect(tabs.map((t) => t.stream.role)).toEqual(['leader', 'follower', 'follower']);
    expect(server.open.size).toBe(1);

    server.emit('notice', { n: 2 });
    server.emit('notice', { n: 3 });
    await tick();
    for (const t of tabs) expect(t.got).toEqual(['2', '3']);

    // The leader's tab closes (no goodbye); an event comes while no one is connected.
    tabs[0]!.stream.stop(false);
    server.emit('notice', { n: 4 });
    await tick();
    expect(tabs[1]!.stream.role).toBe('leader');
    expect(server.open.size).toBe(1);
    server.emit('notice', { n: 5 });
    await tick();
    expect(tabs[1]!.got).toEqual(['2', '3', '4', '5']);
    expect(tabs[2]!.got).toEqual(['2', '3', '4', '5']);

    // A tab opened now starts at the leader's place.
    const late = tab(server, locks, storage);
    late.stream.start('token-1');
    await tick();
    server.emit('notice', { n: 6 });
    await tick();
    expect(late.got).toEqual(['6']);
    expect(late.stream.role).toBe('follower');

    // Logout in one tab ends the stream in all of them.
    tabs[2]!.stream.stop(true);
    await tick();
    expect([tabs[1]!.stream.role, late.stream.role]).toEqual(['off', 'off']);
    expect(server.open.size).toBe(0);
  });

  it('ignores the messages of another session', async () => {
    const server = new FakeServer();
    const locks = new FakeLocks();
    const storage = new Map<string, string>();
    const a = tab(server, locks, storage);
    const b = tab(server, locks, storage);
    a.stream.start('token-a');
    await tick();
    b.stream.start('token-b');
    await tick();
    server.emit('notice', {});
    await tick();
    expect(a.got).toEqual(['1']);
    expect(b.got).toEqual([]);
  });

  it('opens a stream per tab without Web Locks or BroadcastChannel', async () => {
    const server = new FakeServer();
    const storage = new Map<string, string>();
    const a = tab(server, null, storage);
    const b = tab(server, null, storage);
    a.stream.start('t');
    b.stream.start('t');
    expect([a.stream.role, b.stream.role]).toEqual(['alone', 'alone']);
    expect(server.open.size).toBe(2);
    server.emit('notice', {});
    expect([a.got, b.got]).toEqual([['1'], ['1']]);
    a.stream.stop();
    b.stream.stop();
    expect(server.open.size).toBe(0);
  });
});
