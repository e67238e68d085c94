import crypto from 'node:crypto';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { AVATAR_URL_PREFIX, API } from '@app/contract';
import type { AppContext } from '../../context';
import { uploads } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { cleanImage } from './image';
import { createFileStore, type FileStore, type UploadKind } from './store';

export type { UploadKind } from './store';

const NAME_PATTERN = /^[a-f0-9]{32}\.(jpg|png|webp)$/;

/**
 * Uploaded images with server-made names: an `uploads` row (owner, kind, type) and the bytes in
 * the file store (store.ts: `<dataDir>/uploads/<avatars|private>/`, PostgreSQL or an S3 bucket;
 * FILE_STORE). Avatars are public; private files are served only to their owner and through the
 * audited review path.
 */
export class FileService {
  readonly store: FileStore;
  constructor(
    private readonly ctx: AppContext,
    store?: FileStore,
  ) {
    this.store =
      store ??
      createFileStore(ctx.config.fileStore.kind, {
        root: path.join(ctx.config.dataDir, 'uploads'),
        s3: ctx.config.fileStore.s3,
        db: () => ctx.db,
        now: () => ctx.clock.now(),
      });
  }

  close(): Promise<void> {
    return this.store.close();
  }

  /**
   * Keeps an upload only as the server's own re-encoding of it (see image.ts and
   * docs/security.md "Uploads"): the stored bytes, extension and recorded type are the output's.
   */
  async save(userId: number, kind: UploadKind, data: Buffer): Promise<{ path: string }> {
    const image = await cleanImage(data);
    const name = `${crypto.randomBytes(16).toString('hex')}.${image.ext}`;
    const row = { userId, kind, name, mime: image.mime, sizeBytes: image.data.length, createdAt: this.ctx.clock.now() };
    // A row never points at missing bytes: in PostgreSQL both go in one transaction; elsewhere the
    // bytes are written first (and removed again if the row cannot be).
    if (this.store.kind === 'pg') {
      await this.ctx.db.transaction(async (tx) => {
        await this.store.put(kind, name, image.data, tx);
        await tx.insert(uploads).values(row);
      });
    } else {
      await this.store.put(kind, name, image.data);
      try {
        await this.ctx.db.insert(uploads).values(row);
      } catch (err) {
        await this.store.delete(kind, name).catch(() => undefined);
        throw err;
      }
    }
    return { path: kind === 'avatar' ? `${AVATAR_URL_PREFIX}${name}` : this.privatePath(name) };
  }

  async isOwnAvatar(userId: number, url: string): Promise<boolean> {
    if (!url.startsWith(AVATAR_URL_PREFIX)) return false;
    const name = url.slice(AVATAR_URL_PREFIX.length);
    const rows = await this.ctx.db
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(eq(uploads.name, name), eq(uploads.userId, userId), eq(uploads.kind, 'avatar')))
      .limit(1);
    return rows.length > 0;
  }

  /**
   * The file names of private uploads of this owner, given the paths `save` answered: one per path,
   * or null for a path that is not one (someone else's, an avatar, unknown, malformed).
   */
  async ownPrivateNames(userId: number, paths: readonly string[]): Promise<(string | null)[]> {
    const prefix = `${API.common.file}/`;
    const names = paths.map((p) =>
      p.startsWith(prefix) && NAME_PATTERN.test(p.slice(prefix.length)) ? p.slice(prefix.length) : null,
    );
    const wanted = names.filter((n): n is string => n !== null);
    if (wanted.length === 0) return names;
    const rows = await this.ctx.db
      .select({ name: uploads.name })
      .from(uploads)
      .where(and(inArray(uploads.name, wanted), eq(uploads.userId, userId), eq(uploads.kind, 'private')));
    const owned = new Set(rows.map((r) => r.name));
    return names.map((n) => (n !== null && owned.has(n) ? n : null));
  }

  /** The path `save` answers for a private file. */
  privatePath(name: string): string {
    return `${API.common.file}/${name}`;
  }

  /**
   * A private file for a back-office reviewer (the kyc module, which checks the role and records
   * the view first): by the name a submission holds, whoever owns it.
   */
  async readForReview(name: string): Promise<{ data: Buffer; mime: string }> {
    if (!NAME_PATTERN.test(name)) throw new AppError('NOT_FOUND');
    const [row] = await this.ctx.db
      .select()
      .from(uploads)
      .where(and(eq(uploads.name, name), eq(uploads.kind, 'private')))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND');
    return { data: await this.bytes('private', name), mime: row.mime };
  }

  /** A private file of this owner, or NOT_FOUND (also for someone else's file: no hint it exists). */
  async readPrivate(userId: number, name: string): Promise<{ data: Buffer; mime: string }> {
    if (!NAME_PATTERN.test(name)) throw new AppError('NOT_FOUND');
    const [row] = await this.ctx.db
      .select()
      .from(uploads)
      .where(and(eq(uploads.name, name), eq(uploads.kind, 'private')))
      .limit(1);
    if (!row || row.userId !== userId) throw new AppError('NOT_FOUND');
    return { data: await this.bytes('private', name), mime: row.mime };
  }

  /** A public avatar by its name (the part of its path after AVATAR_URL_PREFIX), or NOT_FOUND. */
  async readAvatar(name: string): Promise<{ data: Buffer; mime: string; createdAt: Date }> {
    if (!NAME_PATTERN.test(name)) throw new AppError('NOT_FOUND');
    const [row] = await this.ctx.db
      .select({ mime: uploads.mime, createdAt: uploads.createdAt })
      .from(uploads)
      .where(and(eq(uploads.name, name), eq(uploads.kind, 'avatar')))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND');
    return { data: await this.bytes('avatar', name), mime: row.mime, createdAt: row.createdAt };
  }

  /** The stored bytes of an upload whose row exists (an upload from before a change of store, not copied over: NOT_FOUND). */
  private async bytes(kind: UploadKind, name: string): Promise<Buffer> {
    const data = await this.store.get(kind, name);
    if (!data) {
      this.ctx.log.error({ name, store: this.store.kind }, "an upload's bytes are missing from the file store");
      throw new AppError('NOT_FOUND');
    }
    return data;
  }
}
