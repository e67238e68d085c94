import { describe, expect, it } from 'vitest';
import type { Notice, NoticePage } from '@app/contract';
import { addLive, isNotice, markAllRead, markRead } from './notice-list';

const notice = (id: string, read = false): Notice => ({
  id,
  kind: 'kyc.verified',
  title: id,
  body: '',
  link: null,
  createdAt: 1,
  read,
  fallback: false,
});
const pages = (...lists: Notice[][]) => ({
  pageParams: lists.map((_, i) => i + 1),
  pages: lists.map((items, i): NoticePage => ({ items, page: i + 1, size: 2, total: 4, unread: 0 })),
});

describe('the notice list as the pages hold it', () => {
  it('puts a live notice on top once, even when a page already holds it', () => {
    const data = pages([notice('n2'), notice('n1')]);
    const once = addLive(data, notice('n3'));
    expect(once.pages[0]!.items.map((n) => n.id)).toEqual(['n3', 'n2', 'n1']);
    expect(once.pages[0]!.total).toBe(5);
    const again = addLive(once, notice('n3'));
    expect(again.pages[0]!.items.map((n) => n.id)).toEqual(['n3', 'n2', 'n1']);
    expect(again.pages[0]!.total).toBe(5);
  });

  it('marks one or all read', () => {
    const data = pages([notice('n2'), notice('n1')], [notice('a1')]);
    expect(markRead(data, 'n1').pages.flatMap((p) => p.items.map((n) => n.read))).toEqual([false, true, false]);
    expect(markAllRead(data).pages.flatMap((p) => p.items.map((n) => n.read))).toEqual([true, true, true]);
  });

  it('takes only notice-shaped data from the stream', () => {
    expect(isNotice(notice('n1'))).toBe(true);
    expect(isNotice({ id: 'n1' })).toBe(false);
    expect(isNotice(null)).toBe(false);
  });
});
