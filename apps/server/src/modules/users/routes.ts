import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  BindEmailBody,
  ChangeFundPasswordBody,
  ChangePasswordBody,
  DashboardLayout,
  DashboardLayoutResponse,
  ForgotFundPasswordBody,
  LoginResponse,
  ResetPasswordBody,
  SetFundPasswordBody,
  UpdateUserBody,
  UserInfoResponse,
} from '@app/contract';
import { schema } from '../../lib/route';
import { authOf, sessionMeta } from '../../plugins/session';
import { toUserInfo } from './user-info';
import type { UserService } from './service';

const tags = ['user'];

/** The signed-in user's profile and security settings. */
export const userRoutes: FastifyPluginAsync<{ users: UserService }> = async (base, { users }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/asset/api/user/info',
    {
      schema: schema({ tags, summary: 'The signed-in user', response: UserInfoResponse, auth: true }),
    },
    async (req, reply) => reply.ok(toUserInfo(authOf(req).user, req.typeUser)),
  );

  app.post(
    '/asset/api/user/update',
    {
      schema: schema({
        tags,
        summary: 'Change nickname, avatar, language or theme',
        body: UpdateUserBody,
        response: UserInfoResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await users.update(authOf(req).user, req.body, req.typeUser)),
  );

  app.post(
    '/asset/api/user/bind-email',
    {
      schema: schema({
        tags,
        summary: 'Bind an e-mail address with a code sent to it',
        body: BindEmailBody,
        response: UserInfoResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await users.bindEmail(authOf(req).user, req.body, req.typeUser)),
  );

  app.post(
    '/asset/api/user/change-password',
    {
      schema: schema({
        tags,
        summary: 'Change the login password; ends every session and returns a new token',
        body: ChangePasswordBody,
        response: LoginResponse,
        auth: true,
      }),
    },
    async (req, reply) =>
      reply.ok(await users.changePassword(authOf(req).user, req.body, sessionMeta(req), req.typeUser)),
  );

  app.post(
    '/asset/api/user/reset-password',
    {
      schema: schema({
        tags,
        summary:
          "Reset the login password with a forgot_password code sent to the account's own e-mail or phone; ends every session and returns a new token",
        body: ResetPasswordBody,
        response: LoginResponse,
        auth: true,
      }),
    },
    async (req, reply) =>
      reply.ok(await users.resetPassword(authOf(req).user, req.body, sessionMeta(req), req.typeUser)),
  );

  app.post(
    '/asset/api/user/set-fund-password',
    {
      schema: schema({
        tags,
        summary: 'Set the fund (withdraw) password the first time',
        body: SetFundPasswordBody,
        response: UserInfoResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await users.setFundPassword(authOf(req).user, req.body, req.typeUser)),
  );

  app.post(
    '/asset/api/user/change-fund-password',
    {
      schema: schema({
        tags,
        summary: 'Change the fund password with the current one',
        body: ChangeFundPasswordBody,
        response: UserInfoResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await users.changeFundPassword(authOf(req).user, req.body, req.typeUser)),
  );

  app.post(
    '/asset/api/user/forgot-fund-password',
    {
      schema: schema({
        tags,
        summary: "Set a new fund password with a code sent to the account's e-mail or phone",
        body: ForgotFundPasswordBody,
        response: UserInfoResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await users.forgotFundPassword(authOf(req).user, req.body, req.typeUser)),
  );

  app.get(
    '/asset/api/user/dashboard-layout',
    {
      schema: schema({
        tags,
        summary: "The desktop dashboard's arrangement the user saved, or null (the default)",
        response: DashboardLayoutResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await users.dashboardLayouts.get(authOf(req).user.id)),
  );

  app.post(
    '/asset/api/user/dashboard-layout',
    {
      schema: schema({
        tags,
        summary: "Store the desktop dashboard's arrangement (each panel exactly once)",
        body: DashboardLayout,
        response: DashboardLayoutResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await users.dashboardLayouts.save(authOf(req).user.id, req.body)),
  );
};
