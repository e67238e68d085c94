import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ForgotPasswordBody,
  LoginBody,
  LoginResponse,
  Ok,
  RegisterBody,
  SendOtpBody,
  SendOtpResponse,
  SendSmsOtpBody,
} from '@app/contract';
import { schema } from '../../lib/route';
import { authOf, sessionMeta } from '../../plugins/session';
import type { AuthService } from './service';

const tags = ['auth'];

/** Sign-up, sign-in, one-time codes, reset and logout (docs/product.md §7 "Auth and user"). */
export const authRoutes: FastifyPluginAsync<{ auth: AuthService; rateLimitPerMinute: number }> = async (base, opts) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { auth } = opts;
  // Per-address limit on the endpoints that reveal whether an account exists or send messages.
  const limited = { rateLimit: { max: opts.rateLimitPerMinute, timeWindow: '1 minute' } };

  app.post(
    '/asset/api/user/sendOtp',
    {
      config: limited,
      schema: schema({
        tags,
        summary: 'Send a 4-digit code by e-mail',
        body: SendOtpBody,
        response: SendOtpResponse,
        auth: 'optional',
      }),
    },
    async (req, reply) => reply.ok(await auth.sendEmailCode(req.body, req.auth, req.ip, req.lang)),
  );

  app.post(
    '/asset/api/user/SendSmsOtp',
    {
      config: limited,
      schema: schema({
        tags,
        summary: 'Send a 4-digit code by SMS',
        body: SendSmsOtpBody,
        response: SendOtpResponse,
        auth: 'optional',
      }),
    },
    async (req, reply) => reply.ok(await auth.sendSmsCode(req.body, req.auth, req.ip, req.lang)),
  );

  app.post(
    '/asset/api/user/register',
    {
      config: limited,
      schema: schema({
        tags,
        summary: 'Register with e-mail or phone, password and code',
        body: RegisterBody,
        response: LoginResponse,
      }),
    },
    async (req, reply) => reply.ok(await auth.register(req.body, sessionMeta(req), req.typeUser)),
  );

  app.post(
    '/asset/api/user/login',
    {
      config: limited,
      schema: schema({
        tags,
        summary: 'Log in with e-mail or phone and password',
        body: LoginBody,
        response: LoginResponse,
      }),
    },
    async (req, reply) => reply.ok(await auth.login(req.body, sessionMeta(req), req.typeUser)),
  );

  app.post(
    '/asset/api/user/forgot-password',
    {
      config: limited,
      schema: schema({
        tags,
        summary: 'Reset the login password with a code; ends every session',
        body: ForgotPasswordBody,
        response: Ok,
      }),
    },
    async (req, reply) => {
      await auth.forgotPassword(req.body);
      return reply.ok(null);
    },
  );

  app.post(
    '/asset/api/user/logout',
    {
      schema: schema({ tags, summary: 'End this session', response: Ok, auth: true }),
    },
    async (req, reply) => {
      const { user, sessionId } = authOf(req);
      await auth.logout(user.id, sessionId);
      return reply.ok(null);
    },
  );
};
