import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  API, BindEmailBody, ChangeFundPasswordBody, ChangePasswordBody, DashboardLayout, DashboardLayoutResponse, ForgotFundPasswordBody, LoginResponse,
  SetFundPasswordBody, UpdateUserBody, UserInfoResponse,
} from '@app/contract';
import { schema } from '../../lib/route';
import { authOf, sessionMeta } from '../../plugins/session';
import { toUserInfo } from './user-info';
import type { UserService } from './service';

const tags = ['user'];

/** The signed-in user's profile and security settings. */
export const userRoutes: FastifyPluginAsync<{ users: UserService }> = async (base, { users }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.post(API.user.info, {
    schema: schema({ tags, summary: 'The signed-in user', response: UserInfoResponse, auth: true }),
  }, async (req, reply) => reply.ok(toUserInfo(authOf(req).user, req.typeUser)));

  app.post(API.user.update, {
    schema: schema({ tags, summary: 'Change nickname, avatar, language or theme', body: UpdateUserBody, response: UserInfoResponse, auth: true }),
  }, async (req, reply) => reply.ok(await users.update(authOf(req).user, req.body, req.typeUser)));

  app.post(API.user.bindEmail, {
    schema: schema({ tags, summary: 'Bind an e-mail address with a code sent to it', body: BindEmailBody, response: UserInfoResponse, auth: true }),
  }, async (req, reply) => reply.ok(await users.bindEmail(authOf(req).user, req.body, req.typeUser)));

  app.post(API.user.changePassword, {
    schema: schema({ tags, summary: 'Change the login password; ends every session and returns a new token', body: ChangePasswordBody, response: LoginResponse, auth: true }),
  }, async (req, reply) => reply.ok(await users.changePassword(authOf(req).user, req.body, sessionMeta(req), req.typeUser)));

  app.post(API.user.setFundPassword, {
    schema: schema({ tags, summary: 'Set the fund (withdraw) password the first time', body: SetFundPasswordBody, response: UserInfoResponse, auth: true }),
  }, async (req, reply) => reply.ok(await users.setFundPassword(authOf(req).user, req.body, req.typeUser)));

  app.post(API.user.changeFundPassword, {
    schema: schema({ tags, summary: 'Change the fund password with the current one', body: ChangeFundPasswordBody, response: UserInfoResponse, auth: true }),
  }, async (req, reply) => reply.ok(await users.changeFundPassword(authOf(req).user, req.body, req.typeUser)));

  app.post(API.user.forgotFundPassword, {
    schema: schema({ tags, summary: 'Set a new fund password with a code sent to the account\'s e-mail or phone', body: ForgotFundPasswordBody, response: UserInfoResponse, auth: true }),
  }, async (req, reply) => reply.ok(await users.forgotFundPassword(authOf(req).user, req.body, req.typeUser)));

  app.get(API.user.dashboardLayout, {
    schema: schema({ tags, summary: 'The desktop dashboard\'s arrangement the user saved, or null (the default)', response: DashboardLayoutResponse, auth: true }),
  }, async (req, reply) => reply.ok(await users.dashboardLayouts.get(authOf(req).user.id)));

  app.post(API.user.dashboardLayout, {
    schema: schema({ tags, summary: 'Store the desktop dashboard\'s arrangement (each panel exactly once)', body: DashboardLayout, response: DashboardLayoutResponse, auth: true }),
  }, async (req, reply) => reply.ok(await users.dashboardLayouts.save(authOf(req).user.id, req.body)));
};
