import { describe, expect, it } from 'vitest';
import { openSseConnection } from './connection';
import type { SseEvent } from './sse-parser';

/** An answer whose body is these pieces of text, then the end of the stream. */
function streamAnswer(pieces: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const p of pieces) controller.enqueue(encoder.encode(p));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 5));
};

describe('openSseConnection', () => {
  it('reconnects after the stream ends, sending the last event id, and stops when the session is over', async () => {
    const asked: (string | null)[] = [];
    const priorities: (string | undefined)[] = [];
    const answers = [
      () =>
        streamAnswer(['retry: 1\n: hi\n\n', 'event: unread\ndata: {"unread":1}\n\nid: 7\nevent: notice\ndata: {}\n\n']),
      () => streamAnswer(['id: 8\nevent: notice\ndata: {}\n\n']),
      () =>
        new Response(JSON.stringify({ code: 301, msg: 'expired', data: null }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ];
    let cursor: string | null = null;
    const events: SseEvent[] = [];
    let ended: string | null = null;
    openSseConnection({
      url: '/stream',
      headers: () => ({ token: 't' }),
      lastEventId: () => cursor,
      onEvent: (e) => {
        events.push(e);
        if (e.id) cursor = e.id;
      },
      onEnd: (reason) => (ended = reason),
      fetchImpl: (_url, init) => {
        asked.push(new Headers(init?.headers).get('Last-Event-ID'));
        priorities.push(init?.priority);
        return Promise.resolve(answers[asked.length - 1]!());
      },
    });
    await until(() => ended !== null);
    expect(ended).toBe('session');
    expect(events.map((e) => [e.type, e.id])).toEqual([
      ['unread', ''],
      ['notice', '7'],
      ['notice', '8'],
    ]);
    expect(asked).toEqual([null, '7', '8']);
    // Open for the whole visit: asked at low priority, below the page's own requests (decision 0158).
    expect(priorities).toEqual(['low', 'low', 'low']);
  });

  it('retries after a failed request and stops for good when closed', async () => {
    let calls = 0;
    const connection = openSseConnection({
      url: '/stream',
      headers: () => ({}),
      lastEventId: () => null,
      onEvent: () => undefined,
      fetchImpl: () => {
        calls += 1;
        return calls === 1 ? Promise.reject(new TypeError('network')) : new Promise<Response>(() => undefined);
      },
    });
    await until(() => calls === 2);
    expect(calls).toBe(2);
    connection.close();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toBe(2);
  });
});
