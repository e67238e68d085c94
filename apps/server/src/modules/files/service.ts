import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { AVATAR_URL_PREFIX, API, IMAGE_MAX_BYTES } from '@app/contract';
import type { AppContext } from '../../context';
import { uploads } from '../../db/schema';
import { AppError } from '../../lib/app-error';

export type UploadKind = 'avatar' | 'private';

interface ImageType {
  mime: string;
  ext: 'jpg' | 'png' | 'webp';
}

/** Recognises an image by its first bytes, never by its name or declared type. */
export function sniffImage(buf: Buffer): ImageType | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { mime: 'image/png', ext: 'png' };
  }
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') {
    return { mime: 'image/webp', ext: 'webp' };
  }
  return null;
}

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

  async save(userId: number, kind: UploadKind, data: Buffer): Promise<{ path: string }> {
    if (data.length > IMAGE_MAX_BYTES) throw new AppError('IMAGE_TOO_LARGE');
    const type = sniffImage(data);
    if (!type) throw new AppError('IMAGE_INVALID');
    const name = `${crypto.randomBytes(16).toString('hex')}.${type.ext}`;
    await fs.mkdir(this.dir(kind), { recursive: true });
    await fs.writeFile(path.join(this.dir(kind), name), data, { flag: 'wx' });
    await this.ctx.db.insert(uploads).values({
      userId, kind, name, mime: type.mime, sizeBytes: data.length, createdAt: this.ctx.clock.now(),
    });
    return { path: kind === 'avatar' ? `${AVATAR_URL_PREFIX}${name}` : `${API.common.file}/${name}` };
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
