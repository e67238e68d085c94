import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  OPERATOR_ROLES,
  Ok,
  OperatorCreateBody,
  OperatorCreateResponse,
  OperatorDisableBody,
  OperatorDisableResponse,
  OperatorInfoResponse,
  OperatorListQuery,
  OperatorListResponse,
  OperatorLoginBody,
  OperatorLoginResponse,
} from '@app/contract';
import { schema } from '../../lib/route';
import { operatorOf } from '../../plugins/operator-session';
import { actorOf } from '../audit';
import type { OperatorService } from './service';

const tags = ['admin'];

/** The back office's sign-in and operator management (issue 16). Only the sign-in is open; every other route names its roles. */
export const operatorRoutes: FastifyPluginAsync<{ operators: OperatorService; rateLimitPerMinute: number }> = async (
  base,
  opts,
) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { operators } = opts;

  app.post(
    '/admin/api/auth/login',
    {
      config: { rateLimit: { max: opts.rateLimitPerMinute, timeWindow: '1 minute' } },
      schema: schema({
        tags,
        summary: "Operator sign-in: e-mail, password and the authenticator app's 6-digit code",
        body: OperatorLoginBody,
        response: OperatorLoginResponse,
      }),
    },
    async (req, reply) => {
      const userAgent = req.headers['user-agent'] ?? '';
      return reply.ok(await operators.login(req.body, { ip: req.ip, userAgent, requestId: req.id }));
    },
  );

  app.post(
    '/admin/api/auth/logout',
    {
      schema: schema({ tags, summary: 'End this operator session (every role)', response: Ok, roles: OPERATOR_ROLES }),
    },
    async (req, reply) => {
      await operators.logout(actorOf(req), operatorOf(req));
      return reply.ok(null);
    },
  );

  app.get(
    '/admin/api/auth/me',
    {
      schema: schema({
        tags,
        summary: 'The signed-in operator and role (every role)',
        response: OperatorInfoResponse,
        roles: OPERATOR_ROLES,
      }),
    },
    async (req, reply) => reply.ok(await operators.me(operatorOf(req))),
  );

  app.get(
    '/admin/api/operators/list',
    {
      schema: schema({
        tags,
        summary: 'Operators, newest first (admin)',
        querystring: OperatorListQuery,
        response: OperatorListResponse,
        roles: ['admin'],
      }),
    },
    async (req, reply) => reply.ok(await operators.list(actorOf(req), req.query)),
  );

  app.post(
    '/admin/api/operators/create',
    {
      schema: schema({
        tags,
        summary: 'Create an operator; the answer carries the TOTP secret, once (admin)',
        body: OperatorCreateBody,
        response: OperatorCreateResponse,
        roles: ['admin'],
      }),
    },
    async (req, reply) => reply.ok(await operators.create(actorOf(req), req.body)),
  );

  app.post(
    '/admin/api/operators/disable',
    {
      schema: schema({
        tags,
        summary: 'Disable an operator and end their sessions (admin)',
        body: OperatorDisableBody,
        response: OperatorDisableResponse,
        roles: ['admin'],
      }),
    },
    async (req, reply) => reply.ok(await operators.disable(actorOf(req), req.body.id)),
  );
};
