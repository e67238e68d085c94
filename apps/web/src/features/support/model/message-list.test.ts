import { describe, expect, it } from 'vitest';
import {
  addOutgoing,
  chatRows,
  dropOutgoing,
  emptyChat,
  mergeMessages,
  mergeReadState,
  newestId,
  oldestId,
  unreadFromSupport,
  updateOutgoing,
  type ChatMessageLike,
} from './message-list';

function msg(
  id: number,
  author: ChatMessageLike['author'] = 'user',
  clientId: string | null = null,
  body = `m${id}`,
): ChatMessageLike {
  return { id, author, body, image: null, clientId, createdAt: 1_700_000_000_000 };
}

const ids = (rows: ReturnType<typeof chatRows>) =>
  rows.map((r) => (r.kind === 'message' ? r.message.id : `~${r.message.clientId}`));

describe('mergeMessages', () => {
  it('merges pages and live events by id, oldest first, whatever order they come in', () => {
    let list = mergeMessages(emptyChat(), [msg(10), msg(11), msg(12)], true);
    list = mergeMessages(list, [msg(13, 'operator')]); // a live event
    list = mergeMessages(list, [msg(12), msg(13, 'operator')]); // the poll brings them again
    list = mergeMessages(list, [msg(8), msg(9)], false); // the older page
    expect(ids(chatRows(list))).toEqual([8, 9, 10, 11, 12, 13]);
    expect(list.hasOlder).toBe(false);
    expect(oldestId(list)).toBe(8);
    expect(newestId(list)).toBe(13);
  });

  it('keeps the newest copy of a message and leaves hasOlder alone for live events', () => {
    let list = mergeMessages(emptyChat(), [msg(5, 'operator', null, 'old')], true);
    list = mergeMessages(list, [msg(5, 'operator', null, 'new')]);
    expect(list.messages).toHaveLength(1);
    expect(list.messages[0]!.body).toBe('new');
    expect(list.hasOlder).toBe(true);
  });

  it('returns the same value when nothing comes', () => {
    const list = mergeMessages(emptyChat(), [msg(1)], false);
    expect(mergeMessages(list, [])).toBe(list);
  });
});

describe('outgoing messages', () => {
  const draft = { clientId: 'c1', body: 'hello', localImage: null, uploadPath: null, createdAt: 1_700_000_001_000 };

  it('shows a pending message after the stored ones until the server has it, under the same key', () => {
    let list = mergeMessages(emptyChat(), [msg(1, 'operator')], false);
    list = addOutgoing(list, draft);
    const pending = chatRows(list);
    expect(ids(pending)).toEqual([1, '~c1']);
    expect(pending[1]).toMatchObject({ kind: 'outgoing', message: { state: 'pending' } });
    // The live event of the stored message arrives before the send's answer.
    list = mergeMessages(list, [msg(2, 'user', 'c1', 'hello')]);
    const rows = chatRows(list);
    expect(ids(rows)).toEqual([1, 2]);
    expect(rows[1]!.key).toBe(pending[1]!.key);
    // The send's answer, later: nothing changes.
    expect(chatRows(mergeMessages(list, [msg(2, 'user', 'c1', 'hello')]))).toEqual(rows);
  });

  it('marks a message failed, pending again on retry, and drops it when given up', () => {
    let list = addOutgoing(emptyChat(), draft);
    list = addOutgoing(list, draft); // a double tap adds nothing
    expect(list.outgoing).toHaveLength(1);
    list = updateOutgoing(list, 'c1', { state: 'failed', uploadPath: '/uploads/private/a.jpg' });
    expect(list.outgoing[0]).toMatchObject({ state: 'failed', uploadPath: '/uploads/private/a.jpg' });
    list = updateOutgoing(list, 'c1', { state: 'pending' });
    expect(list.outgoing[0]!.state).toBe('pending');
    expect(updateOutgoing(list, 'unknown', { state: 'failed' })).toBe(list);
    expect(dropOutgoing(list, 'c1').outgoing).toEqual([]);
  });
});

describe('read state', () => {
  it("shows Read on the user's messages up to operatorReadThrough, never on support's, and only moves forward", () => {
    let list = mergeMessages(emptyChat(), [msg(1), msg(2, 'operator'), msg(3), msg(4)], false);
    list = mergeReadState(list, { operatorReadThrough: 3 });
    list = mergeReadState(list, { operatorReadThrough: 1 }); // a late, older answer
    const read = chatRows(list).map((r) => (r.kind === 'message' ? r.read : null));
    expect(read).toEqual([true, false, true, false]);
    expect(mergeReadState(list, { operatorReadThrough: 3 })).toBe(list);
  });

  it('names the newest support message the user has not read', () => {
    let list = mergeMessages(emptyChat(), [msg(1), msg(2, 'operator'), msg(3, 'operator'), msg(4)], false);
    expect(unreadFromSupport(list)).toBe(3);
    list = mergeReadState(list, { userReadThrough: 3 });
    expect(unreadFromSupport(list)).toBeNull();
    list = mergeMessages(list, [msg(5, 'operator')]);
    expect(unreadFromSupport(list)).toBe(5);
  });
});
