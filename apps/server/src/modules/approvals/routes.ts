import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ADMIN_QUEUES,
  ApprovalDecideBody,
  ApprovalListQuery,
  ApprovalListResponse,
  ApprovalResponse,
  CreditRequestBody,
  ReversalRequestBody,
} from '@app/contract';
import { schema } from '../../lib/route';
import { actorOf } from '../audit';
import type { ApprovalService } from './service';

const tags = ['admin'];
const roles = ADMIN_QUEUES.approvals;

/** Four eyes (issue 16): finance and admin ask; another of them approves. */
export const approvalRoutes: FastifyPluginAsync<{ approvals: ApprovalService }> = async (base, { approvals }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/admin/api/approvals/list',
    {
      schema: schema({
        tags,
        summary: 'Four-eyes requests: pending oldest first, or decided ones (finance, admin)',
        querystring: ApprovalListQuery,
        response: ApprovalListResponse,
        roles,
      }),
    },
    async (req, reply) => reply.ok(await approvals.list(req.query)),
  );

  app.post(
    '/admin/api/approvals/request-credit',
    {
      schema: schema({
        tags,
        summary:
          "Ask for a manual credit of a user's real currency account; another operator approves it (finance, admin)",
        body: CreditRequestBody,
        response: ApprovalResponse,
        roles,
      }),
    },
    async (req, reply) => reply.ok(await approvals.requestCredit(actorOf(req), req.body)),
  );

  app.post(
    '/admin/api/approvals/request-reversal',
    {
      schema: schema({
        tags,
        summary:
          'Ask for a correction: the reversal of a ledger transaction; another operator approves it (finance, admin)',
        body: ReversalRequestBody,
        response: ApprovalResponse,
        roles,
      }),
    },
    async (req, reply) => reply.ok(await approvals.requestReversal(actorOf(req), req.body)),
  );

  app.post(
    '/admin/api/approvals/decide',
    {
      schema: schema({
        tags,
        summary:
          'Approve (and carry out) or reject a request, once, as an operator other than the one who asked (finance, admin)',
        body: ApprovalDecideBody,
        response: ApprovalResponse,
        roles,
      }),
    },
    async (req, reply) => reply.ok(await approvals.decide(actorOf(req), req.body)),
  );
};
