import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  OPERATOR_ROLES,
  UserDetailResponse,
  UserLockBody,
  UserSearchQuery,
  UserSearchResponse,
  UserUidBody,
  UserUidQuery,
  UserUnfreezeWithdrawalsBody,
} from '@app/contract';
import { schema } from '../../lib/route';
import { actorOf } from '../audit';
import type { CustomerService } from './service';

const tags = ['admin'];

/**
 * Users in the back office (issue 16): every role reads; support, compliance and admin lock, sign out
 * and lift a freeze of withdrawals; compliance and admin unlock.
 */
export const customerRoutes: FastifyPluginAsync<{ customers: CustomerService }> = async (base, { customers }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/admin/api/users/search',
    {
      schema: schema({
        tags,
        summary: 'Users by UID, e-mail or phone (exact), or the newest (every role)',
        querystring: UserSearchQuery,
        response: UserSearchResponse,
        roles: OPERATOR_ROLES,
      }),
    },
    async (req, reply) => reply.ok(await customers.search(req.query)),
  );

  app.get(
    '/admin/api/users/detail',
    {
      schema: schema({
        tags,
        summary:
          'A user: profile, verification state, balances in both modes, live sessions; the read is audited (every role)',
        querystring: UserUidQuery,
        response: UserDetailResponse,
        roles: OPERATOR_ROLES,
      }),
    },
    async (req, reply) => reply.ok(await customers.detail(actorOf(req), req.query.uid)),
  );

  app.post(
    '/admin/api/users/lock',
    {
      schema: schema({
        tags,
        summary: 'Lock an account: no login, every session ended (support, compliance, admin)',
        body: UserLockBody,
        response: UserDetailResponse,
        roles: ['support', 'compliance', 'admin'],
      }),
    },
    async (req, reply) => reply.ok(await customers.lock(actorOf(req), req.body)),
  );

  app.post(
    '/admin/api/users/unlock',
    {
      schema: schema({
        tags,
        summary: 'Unlock an account (compliance, admin)',
        body: UserUidBody,
        response: UserDetailResponse,
        roles: ['compliance', 'admin'],
      }),
    },
    async (req, reply) => reply.ok(await customers.unlock(actorOf(req), req.body.uid)),
  );

  app.post(
    '/admin/api/users/logout',
    {
      schema: schema({
        tags,
        summary: 'End every session of a user (support, compliance, admin)',
        body: UserUidBody,
        response: UserDetailResponse,
        roles: ['support', 'compliance', 'admin'],
      }),
    },
    async (req, reply) => reply.ok(await customers.logoutEverywhere(actorOf(req), req.body.uid)),
  );

  app.post(
    '/admin/api/users/unfreeze-withdrawals',
    {
      schema: schema({
        tags,
        summary:
          "Lift the freeze of withdrawals a user set with a new-address notice's link, with a note of how they were checked (support, compliance, admin)",
        body: UserUnfreezeWithdrawalsBody,
        response: UserDetailResponse,
        roles: ['support', 'compliance', 'admin'],
      }),
    },
    async (req, reply) => reply.ok(await customers.unfreezeWithdrawals(actorOf(req), req.body)),
  );
};
