import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ADMIN_QUEUE_REVIEWERS,
  ADMIN_QUEUES,
  KycDecideBody,
  KycDocumentsBody,
  KycInfoResponse,
  KycPhotoQuery,
  KycPrimaryBody,
  KycQueueQuery,
  KycQueueResponse,
  KycSubmissionQuery,
  KycSubmissionResponse,
  KycTypeQuery,
  KycTypeResponse,
} from '@app/contract';
import { schema } from '../../lib/route';
import { authOf } from '../../plugins/session';
import { actorOf } from '../audit';
import type { KycService } from './service';

const tags = ['kyc'];
const adminTags = ['admin'];
/** An image's bytes (sent as they are; the schema is for the OpenAPI document). */
const IMAGE_BYTES = Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'the image' });

/** Identity verification (docs/product.md §7 "KYC"; docs/kyc.md). */
export const kycRoutes: FastifyPluginAsync<{ kyc: KycService }> = async (base, { kyc }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/asset/api/idCard/type',
    {
      schema: schema({
        tags,
        summary: 'The document types accepted for a nationality (or for every country)',
        querystring: KycTypeQuery,
        response: KycTypeResponse,
      }),
    },
    async (req, reply) =>
      reply.ok({ nationality: req.query.nationality ?? null, types: [...kyc.documentTypes(req.query.nationality)] }),
  );

  app.get(
    '/asset/api/idCard/info',
    {
      schema: schema({
        tags,
        summary: "The user's verification: its state, what was submitted, and why it was rejected",
        response: KycInfoResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await kyc.info(authOf(req).user.id)),
  );

  app.post(
    '/asset/api/idCard/insertPrimaryVerification',
    {
      schema: schema({
        tags,
        summary:
          'Stage 1, real name: document type, nationality, name and ID number (again to correct them, until the documents are submitted)',
        body: KycPrimaryBody,
        response: KycInfoResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await kyc.submitPrimary(authOf(req).user.id, req.body)),
  );

  app.post(
    '/asset/api/idCard/insert',
    {
      schema: schema({
        tags,
        summary:
          "Stage 2, advanced: the document's front and back and a selfie holding it (private uploads); then it awaits review",
        body: KycDocumentsBody,
        response: KycInfoResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await kyc.submitDocuments(authOf(req).user.id, req.body)),
  );
};

/**
 * The review in the back office (docs/kyc.md "Review"): compliance and admin read the queue, compliance
 * alone opens and decides a submission (ADMIN_QUEUE_REVIEWERS); every read of a submission or photo is audited.
 */
export const kycAdminRoutes: FastifyPluginAsync<{ kyc: KycService }> = async (base, { kyc }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/admin/api/kyc/queue',
    {
      schema: schema({
        tags: adminTags,
        summary: 'Submissions awaiting review, oldest first, or decided ones (compliance, admin)',
        querystring: KycQueueQuery,
        response: KycQueueResponse,
        roles: ADMIN_QUEUES.kyc,
      }),
    },
    async (req, reply) => reply.ok(await kyc.queue(req.query)),
  );

  app.get(
    '/admin/api/kyc/detail',
    {
      schema: schema({
        tags: adminTags,
        summary:
          'A submission with its user, earlier submissions and accounts with the same ID number; the read is audited (compliance)',
        querystring: KycSubmissionQuery,
        response: KycSubmissionResponse,
        roles: ADMIN_QUEUE_REVIEWERS.kyc,
      }),
    },
    async (req, reply) => reply.ok(await kyc.detail(actorOf(req), req.query.id)),
  );

  app.get(
    '/admin/api/kyc/photo',
    {
      schema: schema({
        tags: adminTags,
        summary: 'One photo of a submission (JPEG, PNG or WebP bytes); the view is audited (compliance)',
        querystring: KycPhotoQuery,
        response: IMAGE_BYTES,
        roles: ADMIN_QUEUE_REVIEWERS.kyc,
      }),
    },
    async (req, reply) => {
      const file = await kyc.photo(actorOf(req), req.query.id, req.query.slot);
      // Every /admin/api/ answer is `no-store` (plugins/security-headers.ts).
      return reply.type(file.mime).header('x-content-type-options', 'nosniff').send(file.data);
    },
  );

  app.post(
    '/admin/api/kyc/decide',
    {
      schema: schema({
        tags: adminTags,
        summary: 'Verify or reject a submission awaiting review, once; the user is told (compliance)',
        body: KycDecideBody,
        response: KycSubmissionResponse,
        roles: ADMIN_QUEUE_REVIEWERS.kyc,
      }),
    },
    async (req, reply) => reply.ok(await kyc.decide(actorOf(req), req.body)),
  );
};
