import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { AVATAR_URL_PREFIX, API } from '@app/contract';
import type { AppContext } from '../../context';
import { uploads } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { cleanImage } from './image';

export type UploadKind = 'avatar' | 'private';

const NAME_PATTERN = /^[a-f0-9]{32}\.(jpg|png|webp)$/;

/**
 * Uploaded images, kept under `<dataDir>/uploads/<avatars|private>/` with server-made names.
 * Avatars are public; private files are served only to their owner (operators come later).
 * A shared object store (S3) replaces the folder when more than one server runs.
 */
export class FileService {
  readonly root: string;
  constructor(private readonly ctx: AppContext) {
    this.root = path.join(ctx.config.dataDir, 'uploads');
  }

  dir(kind: UploadKind): string {
    return path.join(this.root, kind === 'avatar' ? 'avatars' : 'private');
  }

  /**
   * Keeps an upload only as the server's own re-encoding of it (see image.ts and
   * docs/security.md "Uploads"): the stored bytes, extension and recorded type are the output's.
   */
  async save(userId: number, kind: UploadKind, data: Buffer): Promise<{ path: string }> {
    const image = await cleanImage(data);
    const name = `${crypto.randomBytes(16).toString('hex')}.${image.ext}`;
    await fs.mkdir(this.dir(kind), { recursive: true });
    await fs.writeFile(path.join(this.dir(kind), name), image.data, { flag: 'wx' });
    await this.ctx.db.insert(uploads).values({
      userId, kind, name, mime: image.mime, sizeBytes: image.data.length, createdAt: this.ctx.clock.now(),
    });
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
    const names = paths.map((p) => (p.startsWith(prefix) && NAME_PATTERN.test(p.slice(prefix.length)) ? p.slice(prefix.length) : null));
    const wanted = names.filter((n): n is string => n !== null);
    if (wanted.length === 0) return names;
    const rows = await this.ctx.db.select({ name: uploads.name }).from(uploads)
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
    const [row] = await this.ctx.db.select().from(uploads).where(and(eq(uploads.name, name), eq(uploads.kind, 'private'))).limit(1);
    if (!row) throw new AppError('NOT_FOUND');
    return { data: await fs.readFile(path.join(this.dir('private'), name)), mime: row.mime };
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
    return { data: await fs.readFile(path.join(this.dir('private'), name)), mime: row.mime };
  }
}
