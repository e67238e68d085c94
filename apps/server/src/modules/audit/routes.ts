import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AuditListQuery, AuditListResponse } from '@app/contract';
import { schema } from '../../lib/route';
import { actorOf } from './actor';
import type { AuditLog } from './service';

const tags = ['admin'];

/**
 * The audit log's read (issue 16): admin and compliance (docs/security.md "Audit log" says why);
 * every read is itself recorded.
 */
export const auditRoutes: FastifyPluginAsync<{ audit: AuditLog }> = async (base, { audit }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/admin/api/audit/list',
    {
      schema: schema({
        tags,
        summary: 'The audit log, newest first, with filters (admin, compliance)',
        querystring: AuditListQuery,
        response: AuditListResponse,
        roles: ['admin', 'compliance'],
      }),
    },
    async (req, reply) => reply.ok(await audit.list(actorOf(req), req.query)),
  );
};
