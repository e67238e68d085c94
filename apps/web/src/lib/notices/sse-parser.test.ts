import { describe, expect, it } from 'vitest';
import { SseParser, type SseEvent } from './sse-parser';

function parse(pieces: string[], lastEventId = '') {
  const events: SseEvent[] = [];
  const retries: number[] = [];
  const comments: string[] = [];
  const parser = new SseParser(
    { onEvent: (e) => events.push(e), onRetry: (ms) => retries.push(ms), onComment: (c) => comments.push(c) },
    lastEventId,
  );
  for (const p of pieces) parser.push(p);
  return { events, retries, comments, parser };
}

describe('SseParser', () => {
  it('reads events with id, type and data', () => {
    const { events, parser } = parse(['id: 7\nevent: notice\ndata: {"a":1}\n\n']);
    expect(events).toEqual([{ id: '7', type: 'notice', data: '{"a":1}' }]);
    expect(parser.lastEventId).toBe('7');
  });

  it('joins data lines with LF and names an untyped event message', () => {
    const { events } = parse(['data: one\ndata:two\ndata\n\n']);
    expect(events).toEqual([{ id: '', type: 'message', data: 'one\ntwo\n' }]);
  });

  it('accepts CRLF, CR and LF, even a CRLF cut between two pieces', () => {
    const { events } = parse(['id: 1\r\ndata: a\r', '\n\r', '\nid: 2\rdata: b\r\r', 'data: c\n\n']);
    expect(events.map((e) => [e.id, e.data])).toEqual([
      ['1', 'a'],
      ['2', 'b'],
      ['2', 'c'],
    ]);
  });

  it('puts together events cut anywhere', () => {
    const text = 'id: 10\nevent: unread\ndata: {"unread":3}\n\nid: 11\nevent: notice\ndata: {"x":"é"}\n\n';
    for (let cut = 1; cut < text.length; cut += 1) {
      const { events } = parse([text.slice(0, cut), text.slice(cut)]);
      expect(events.map((e) => e.id)).toEqual(['10', '11']);
      expect(events[1]?.data).toBe('{"x":"é"}');
    }
  });

  it('skips comments, reports them, and keeps unknown fields out', () => {
    const { events, comments } = parse([': keep-alive\nfoo: bar\ndata: x\n\n:\n']);
    expect(events).toEqual([{ id: '', type: 'message', data: 'x' }]);
    expect(comments).toEqual([' keep-alive', '']);
  });

  it('reads retry only when it is digits', () => {
    const { retries } = parse(['retry: 2500\nretry: 1e3\nretry: -1\n\n']);
    expect(retries).toEqual([2500]);
  });

  it('takes an id over without data, keeps it for later events, and ignores an id with NUL', () => {
    const { events, parser } = parse(['id: 5\n\n', 'data: a\n\n', 'id: 6\0\ndata: b\n\n']);
    expect(parser.lastEventId).toBe('5');
    expect(events.map((e) => e.id)).toEqual(['5', '5']);
  });

  it('starts from a given last event id and drops a byte-order mark', () => {
    const { events } = parse(['\uFEFFdata: a\n\n'], '42');
    expect(events).toEqual([{ id: '42', type: 'message', data: 'a' }]);
  });

  it('does not dispatch a half event; reset forgets it', () => {
    const { events, parser } = parse(['id: 9\ndata: half']);
    expect(events).toEqual([]);
    parser.reset();
    parser.push('data: whole\n\n');
    expect(events).toEqual([{ id: '', type: 'message', data: 'whole' }]);
  });
});
