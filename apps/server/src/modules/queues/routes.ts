import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ADMIN_QUEUE_NAMES,
  ADMIN_QUEUES,
  AdminDashboardResponse,
  OPERATOR_ROLES,
  type AdminQueue,
  type ChainWatcherStatus,
  type OperatorRole,
  type QueueCount,
} from '@app/contract';
import { schema } from '../../lib/route';
import { operatorOf } from '../../plugins/operator-session';

/** What each queue's module answers: how many items wait, and since when the oldest. */
export type QueueSources = Record<AdminQueue, { pendingSummary(): Promise<Omit<QueueCount, 'queue'>> }>;

/**
 * The back office's dashboard (issue 16): every role lands on it and sees the queues its role
 * works (`ADMIN_QUEUES`, the same roles as each queue's routes), each with its size and the age of
 * its oldest item, and how far behind the node each chain watcher is. Counts only: no personal
 * data, so the read is not audited.
 */
export const queueRoutes: FastifyPluginAsync<{ sources: QueueSources; chains: () => ChainWatcherStatus[] }> = async (
  base,
  { sources, chains },
) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/admin/api/dashboard',
    {
      schema: schema({
        tags: ['admin'],
        summary: "How much waits in each queue of the operator's role, and since when (every role)",
        response: AdminDashboardResponse,
        roles: OPERATOR_ROLES,
      }),
    },
    async (req, reply) => {
      const { role } = operatorOf(req).operator;
      const mine = ADMIN_QUEUE_NAMES.filter((queue) => (ADMIN_QUEUES[queue] as readonly OperatorRole[]).includes(role));
      const queues = await Promise.all(
        mine.map(async (queue) => ({ queue, ...(await sources[queue].pendingSummary()) })),
      );
      return reply.ok({ queues, chains: chains() });
    },
  );
};
