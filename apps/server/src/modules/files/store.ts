import fs from 'node:fs/promises';
import path from 'node:path';
import type * as S3Sdk from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import type { FileStoreKind, S3Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { fileBlobs } from '../../db/schema-cluster';

export type UploadKind = 'avatar' | 'private';

/**
 * Where uploaded files' bytes live (docs/operations.md "State shared between processes"): a
 * folder on this machine (the embedded default), PostgreSQL's `file_blobs`, or an S3-compatible
 * bucket. Names are the server-made ones (32 hex digits and an extension), unique across kinds;
 * who may read what is the FileService's business (the `uploads` rows), never the store's.
 */
export interface FileStore {
  readonly kind: FileStoreKind;
  /** Keeps the bytes; `tx` (the pg store) writes them in the caller's transaction. */
  put(kind: UploadKind, name: string, data: Buffer, tx?: DbOrTx): Promise<void>;
  /** The bytes, or null when there are none. */
  get(kind: UploadKind, name: string): Promise<Buffer | null>;
  /** Removes the bytes (nothing when there are none). */
  delete(kind: UploadKind, name: string): Promise<void>;
  close(): Promise<void>;
}

const folder = (kind: UploadKind) => (kind === 'avatar' ? 'avatars' : 'private');

/** `<dataDir>/uploads/<avatars|private>/<name>`: one machine's disk, so one process (or a shared volume). */
export class DiskFileStore implements FileStore {
  readonly kind = 'disk';
  constructor(readonly root: string) {}

  dir(kind: UploadKind): string {
    return path.join(this.root, folder(kind));
  }

  async put(kind: UploadKind, name: string, data: Buffer): Promise<void> {
    await fs.mkdir(this.dir(kind), { recursive: true });
    await fs.writeFile(path.join(this.dir(kind), name), data, { flag: 'wx' });
  }

  async get(kind: UploadKind, name: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(path.join(this.dir(kind), name));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(kind: UploadKind, name: string): Promise<void> {
    await fs.rm(path.join(this.dir(kind), name), { force: true });
  }

  async close(): Promise<void> {}
}

/** The `file_blobs` table: every process on the database sees every file; written in the upload's own transaction. */
export class PgFileStore implements FileStore {
  readonly kind = 'pg';
  constructor(
    private readonly db: () => Db,
    private readonly now: () => Date,
  ) {}

  async put(_kind: UploadKind, name: string, data: Buffer, tx?: DbOrTx): Promise<void> {
    await (tx ?? this.db()).insert(fileBlobs).values({ name, data, createdAt: this.now() });
  }

  async get(_kind: UploadKind, name: string): Promise<Buffer | null> {
    const [row] = await this.db()
      .select({ data: fileBlobs.data })
      .from(fileBlobs)
      .where(eq(fileBlobs.name, name))
      .limit(1);
    return row ? Buffer.from(row.data) : null;
  }

  async delete(_kind: UploadKind, name: string): Promise<void> {
    await this.db().delete(fileBlobs).where(eq(fileBlobs.name, name));
  }

  async close(): Promise<void> {}
}

/** An S3-compatible bucket (S3_URL): objects `<prefix><avatars|private>/<name>`, never public (the server serves them). */
export class S3FileStore implements FileStore {
  readonly kind = 's3';
  // The SDK is loaded only by a process that uses it (it is large, and warns about old Node versions on load).
  private readonly sdk: Promise<{ s3: typeof S3Sdk; client: S3Sdk.S3Client }>;
  constructor(private readonly config: S3Config) {
    this.sdk = import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        endpoint: config.endpoint,
        region: config.region,
        forcePathStyle: config.forcePathStyle,
        ...(config.credentials ? { credentials: config.credentials } : {}),
        maxAttempts: 3,
      }),
    }));
  }

  private key(kind: UploadKind, name: string): string {
    return `${this.config.keyPrefix}${folder(kind)}/${name}`;
  }

  async put(kind: UploadKind, name: string, data: Buffer): Promise<void> {
    const { s3, client } = await this.sdk;
    await client.send(
      new s3.PutObjectCommand({
        Bucket: this.config.bucket,
        Key: this.key(kind, name),
        Body: data,
        ContentLength: data.length,
      }),
    );
  }

  async get(kind: UploadKind, name: string): Promise<Buffer | null> {
    const { s3, client } = await this.sdk;
    try {
      const out = await client.send(new s3.GetObjectCommand({ Bucket: this.config.bucket, Key: this.key(kind, name) }));
      if (!out.Body) return null;
      return Buffer.from(await out.Body.transformToByteArray());
    } catch (err) {
      if (
        err instanceof s3.NoSuchKey ||
        (err as { name?: string }).name === 'NoSuchKey' ||
        (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
      )
        return null;
      throw err;
    }
  }

  async delete(kind: UploadKind, name: string): Promise<void> {
    const { s3, client } = await this.sdk;
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.key(kind, name) }));
  }

  async close(): Promise<void> {
    (await this.sdk).client.destroy();
  }
}

/** The store FILE_STORE names (or its default: s3 with S3_URL, else pg with DATABASE_URL, else disk). */
export function createFileStore(
  kind: FileStoreKind,
  opts: { root: string; s3: S3Config | undefined; db: () => Db; now: () => Date },
): FileStore {
  if (kind === 's3') {
    if (!opts.s3) throw new Error('FILE_STORE=s3 needs S3_URL');
    return new S3FileStore(opts.s3);
  }
  if (kind === 'pg') return new PgFileStore(opts.db, opts.now);
  return new DiskFileStore(opts.root);
}
