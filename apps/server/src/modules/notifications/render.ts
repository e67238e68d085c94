import crypto from 'node:crypto';
import { renderNotice, type HeaderLang, type Notice, type NoticeParams } from '@app/contract';

/**
 * How a notice is shown: personal ones through the templates of packages/contract/src/notices.ts,
 * announcements from their translation in the reader's language (English when it has none, marked
 * `fallback`). And the ids the API shows for them.
 */

interface Translation {
  title?: unknown;
  summary?: unknown;
  body?: unknown;
}

export function renderPersonal(
  p: { id: string; kind: string; params: unknown; at: Date; read: boolean },
  lang: HeaderLang,
): Notice {
  const params = (p.params && typeof p.params === 'object' ? p.params : {}) as NoticeParams;
  const r = renderNotice(p.kind, params, lang);
  return {
    id: p.id,
    kind: p.kind,
    title: r.title,
    body: r.body,
    link: r.link,
    createdAt: p.at.getTime(),
    read: p.read,
    fallback: false,
  };
}

export function renderAnnouncement(
  a: { publicId: string; translations: unknown; link: string | null; at: Date; read: boolean },
  lang: HeaderLang,
): Notice {
  const all = (a.translations && typeof a.translations === 'object' ? a.translations : {}) as Record<
    string,
    Translation | undefined
  >;
  const own = all[lang];
  const t = own ?? all.en ?? {};
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    id: `a${a.publicId}`,
    kind: 'announcement',
    title: text(t.title),
    body: text(t.body) || text(t.summary),
    link: a.link,
    createdAt: a.at.getTime(),
    read: a.read,
    fallback: own === undefined && lang !== 'en',
  };
}

/**
 * Personal notification ids: the row id through a keyed permutation (AES on one block), so the API
 * shows neither how many notifications exist nor their order (the database's ids never leave the
 * server, docs/decisions/0117-notice-counts-ids-and-reading.md), yet the server reads them back
 * without a lookup table.
 */
export class NoticeIds {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = crypto.createHash('sha256').update(`notice-id:${secret}`).digest().subarray(0, 16);
  }

  personal(id: number): string {
    const block = Buffer.alloc(16);
    block.writeBigUInt64BE(BigInt(id), 8);
    const c = crypto.createCipheriv('aes-128-ecb', this.key, null);
    c.setAutoPadding(false);
    return `n${Buffer.concat([c.update(block), c.final()]).toString('hex')}`;
  }

  /** The row id of an `n…` id made by `personal`, or null for any other value. */
  personalId(text: string): number | null {
    if (!/^n[0-9a-f]{32}$/.test(text)) return null;
    const d = crypto.createDecipheriv('aes-128-ecb', this.key, null);
    d.setAutoPadding(false);
    const block = Buffer.concat([d.update(Buffer.from(text.slice(1), 'hex')), d.final()]);
    if (block.readBigUInt64BE(0) !== 0n) return null;
    const id = block.readBigUInt64BE(8);
    return id > 0n && id <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(id) : null;
  }
}
