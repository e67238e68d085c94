import type { InfiniteData } from '@tanstack/react-query';
import type { Notice, NoticePage } from '@app/contract';

/**
 * The list as the pages hold it, changed where the server's answer is already known: a notice
 * read, all read, a notice that arrived on the stream (at the top, once: a notice already listed
 * is replaced, not repeated).
 */
type Pages = InfiniteData<NoticePage, number>;

function mapItems(data: Pages, f: (n: Notice) => Notice): Pages {
  return { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map(f) })) };
}

export function markRead(data: Pages, id: string): Pages {
  return mapItems(data, (n) => (n.id === id && !n.read ? { ...n, read: true } : n));
}

export function markAllRead(data: Pages): Pages {
  return mapItems(data, (n) => (n.read ? n : { ...n, read: true }));
}

/** A notice from the stream on top of the first page; the same id elsewhere in the list is taken out. */
export function addLive(data: Pages, notice: Notice): Pages {
  const pages = data.pages.map((p) => ({ ...p, items: p.items.filter((n) => n.id !== notice.id) }));
  const seen = data.pages.some((p) => p.items.some((n) => n.id === notice.id));
  const [first, ...rest] = pages;
  if (!first) return data;
  return {
    ...data,
    pages: [{ ...first, items: [notice, ...first.items], total: seen ? first.total : first.total + 1 }, ...rest],
  };
}

/** Whether a value from the stream has a notice's shape (the stream is input). */
export function isNotice(value: unknown): value is Notice {
  if (typeof value !== 'object' || value === null) return false;
  const n = value as Record<string, unknown>;
  return (
    typeof n.id === 'string' &&
    typeof n.title === 'string' &&
    typeof n.body === 'string' &&
    typeof n.createdAt === 'number' &&
    typeof n.read === 'boolean'
  );
}
