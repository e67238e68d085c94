import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { UploadResponse } from '@app/contract';
import { AppError } from '../../lib/app-error';
import { schema } from '../../lib/route';
import { authOf } from '../../plugins/session';
import type { FileService, UploadKind } from './service';

const tags = ['upload'];

/** The common upload endpoint (docs/product.md §7 "Upload") and the owner-only file reader. */
export const fileRoutes: FastifyPluginAsync<{ files: FileService }> = async (base, { files }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/asset/api/common/upload',
    {
      schema: {
        ...schema({
          tags,
          summary:
            'Upload an image (JPEG, PNG or WebP, at most 5 MB and 40 megapixels); it is stored re-encoded, without metadata',
          response: UploadResponse,
          auth: true,
        }),
        consumes: ['multipart/form-data'],
        description:
          'Multipart form: `file` (the image) and `kind` (`avatar`, public; or `private`, served only to its owner). Send `kind` before `file`.',
      },
    },
    async (req, reply) => {
      const user = authOf(req).user;
      if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      let kind: UploadKind = 'private';
      let data: Buffer | undefined;
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' || data) {
            part.file.resume();
            continue;
          }
          data = await part.toBuffer(); // throws FST_REQ_FILE_TOO_LARGE past the limit
        } else if (part.fieldname === 'kind') {
          if (part.value !== 'avatar' && part.value !== 'private')
            throw new AppError('INVALID_PARAMETER', { field: 'kind' });
          kind = part.value;
        }
      }
      if (!data || data.length === 0) throw new AppError('FILE_MISSING');
      return reply.ok(await files.save(user.id, kind, data));
    },
  );

  app.get(
    '/asset/api/common/file/:name',
    {
      schema: {
        tags,
        summary: 'A private upload; only its owner may read it',
        params: Type.Object({ name: Type.String({ maxLength: 64 }) }),
        security: [{ token: [] }],
      },
    },
    async (req, reply) => {
      const file = await files.readPrivate(authOf(req).user.id, req.params.name);
      return reply
        .type(file.mime)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  );

  // Avatars are public, read from the file store by any process (not a folder of this one). A name
  // is never reused for other bytes, so a copy may be kept for a year; the name is the ETag.
  app.get(
    '/uploads/avatars/:name',
    {
      schema: { hide: true, params: Type.Object({ name: Type.String({ maxLength: 64 }) }) },
    },
    async (req, reply) => {
      const etag = `"${req.params.name}"`;
      const file = await files.readAvatar(req.params.name);
      reply
        .type(file.mime)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('last-modified', file.createdAt.toUTCString())
        .header('x-content-type-options', 'nosniff');
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.send(file.data);
    },
  );
};
