import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AdminLegalVersionResponse,
  AdminLegalVersionsQuery,
  AdminLegalVersionsResponse,
  LegalAcceptBody,
  LegalAcceptResponse,
  LegalAcceptancesResponse,
  LegalDocumentQuery,
  LegalDocumentResponse,
  LegalPublishBody,
  type OperatorRole,
} from '@app/contract';
import { schema } from '../../lib/route';
import { authOf } from '../../plugins/session';
import { actorOf } from '../audit';
import type { LegalService } from './legal-service';

const tags = ['legal'];
const adminTags = ['admin'];
/** Legal texts bind the company: compliance writes them; admins may too. */
export const LEGAL_ROLES: readonly OperatorRole[] = ['compliance', 'admin'];

/** Legal and company texts (added by this project; docs/content.md "Legal texts"). */
export const legalRoutes: FastifyPluginAsync<{ legal: LegalService }> = async (base, { legal }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/asset/api/legal/document',
    {
      schema: schema({
        tags,
        summary:
          'A legal or company text (about, company, privacy, agreement): the current version, or the one asked for, in the request language (English, marked `fallback`, when it has none in it); no session needed',
        querystring: LegalDocumentQuery,
        response: LegalDocumentResponse,
      }),
    },
    async (req, reply) => reply.ok(await legal.document(req.query.kind, req.query.version, req.lang)),
  );

  app.get(
    '/asset/api/legal/acceptances',
    {
      schema: schema({
        tags,
        summary:
          'For each kind: its current version, and the newest version the user accepted and when (at registration, or later)',
        response: LegalAcceptancesResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok({ items: await legal.acceptances(authOf(req).user.id) }),
  );

  app.post(
    '/asset/api/legal/accept',
    {
      schema: schema({
        tags,
        summary:
          'Accept the current version of the user agreement or the privacy policy (the version read must be the current one)',
        body: LegalAcceptBody,
        response: LegalAcceptResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await legal.accept(authOf(req).user.id, req.body)),
  );
};

/** Legal texts in the back office (compliance, admin): versions, and publishing a new one (audited). */
export const legalAdminRoutes: FastifyPluginAsync<{ legal: LegalService }> = async (base, { legal }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const roles = LEGAL_ROLES;

  app.get(
    '/admin/api/content/legal/versions',
    {
      schema: schema({
        tags: adminTags,
        summary:
          'Every version of a legal or company text, newest first, with its translations, publisher and how many users accepted it (compliance, admin)',
        querystring: AdminLegalVersionsQuery,
        response: AdminLegalVersionsResponse,
        roles,
      }),
    },
    async (req, reply) => reply.ok({ items: await legal.versions(req.query.kind) }),
  );

  app.post(
    '/admin/api/content/legal/publish',
    {
      schema: schema({
        tags: adminTags,
        summary:
          'Publish the next version of a legal or company text (English required); earlier versions and acceptances stay; audited (compliance, admin)',
        body: LegalPublishBody,
        response: AdminLegalVersionResponse,
        roles,
      }),
    },
    async (req, reply) => reply.ok(await legal.publish(actorOf(req), req.body)),
  );
};
