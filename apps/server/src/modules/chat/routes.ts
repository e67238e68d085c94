import { Type } from 'typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CHAT_OPERATOR_ROLES,
  ChatAdminConversationQuery,
  ChatAdminConversationResponse,
  ChatAdminMessagesQuery,
  ChatAdminReadBody,
  ChatAdminUpdateResponse,
  ChatAssignBody,
  ChatCannedDeleteBody,
  ChatCannedListResponse,
  ChatCannedQuery,
  ChatCannedSaveBody,
  ChatCannedSaveResponse,
  ChatCloseBody,
  ChatConversationResponse,
  ChatImageQuery,
  ChatInboxQuery,
  ChatInboxResponse,
  ChatInboxStateResponse,
  ChatMessagesQuery,
  ChatMessagesResponse,
  ChatMoveBody,
  ChatOperatorsResponse,
  ChatReadBody,
  ChatReadResponse,
  ChatReplyBody,
  ChatReplyResponse,
  ChatSendBody,
  ChatSendResponse,
  Ok,
} from '@app/contract';
import { schema } from '../../lib/route';
import { authOf } from '../../plugins/session';
import { actorOf } from '../audit';
import type { ChatService } from './service';

const tags = ['chat'];
const adminTags = ['admin'];
const roles = CHAT_OPERATOR_ROLES;
const IMAGE_BYTES = Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'the image' });

/** The user's side of the customer-service chat (docs/chat.md); new messages and read marks also travel on the notice stream. */
export const chatRoutes: FastifyPluginAsync<{ chat: ChatService }> = async (base, { chat }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/asset/api/chat/conversation',
    {
      schema: schema({
        tags,
        summary:
          'Your conversation with support (read marks of both sides, unread replies), or null before your first message',
        response: ChatConversationResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await chat.mine(authOf(req).user.id)),
  );

  app.get(
    '/asset/api/chat/messages',
    {
      schema: schema({
        tags,
        summary:
          "A page of your conversation's messages in ascending order: the newest, or those before / after a message id",
        querystring: ChatMessagesQuery,
        response: ChatMessagesResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await chat.messages(authOf(req).user.id, req.query)),
  );

  app.post(
    '/asset/api/chat/send',
    {
      schema: schema({
        tags,
        summary:
          'Send support a message (text, one of your private uploads as an image, or both); a resend with the same clientId answers the same message',
        body: ChatSendBody,
        response: ChatSendResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await chat.send(authOf(req).user.id, req.body)),
  );

  app.post(
    '/asset/api/chat/read',
    {
      schema: schema({
        tags,
        summary: 'You have read the conversation up to a message id (never moves back)',
        body: ChatReadBody,
        response: ChatReadResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await chat.userRead(authOf(req).user.id, req.body.throughId)),
  );
};

/** The back office's customer-service inbox (support, admin; docs/chat.md). */
export const chatAdminRoutes: FastifyPluginAsync<{ chat: ChatService }> = async (base, { chat }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/admin/api/chat/inbox',
    {
      schema: schema({
        tags: adminTags,
        summary:
          "Conversations, newest message first, by queue and filter (default: open) or a user's UID (support, admin)",
        querystring: ChatInboxQuery,
        response: ChatInboxResponse,
        roles,
      }),
    },
    async (req, reply) => reply.ok(await chat.inbox(actorOf(req), req.query)),
  );

  app.get(
    '/admin/api/chat/inbox-state',
    {
      schema: schema({
        tags: adminTags,
        summary:
          "The inbox's cheap poll: a version that changes with anything the inbox shows, and open counts (support, admin)",
        response: ChatInboxStateResponse,
        roles,
      }),
    },
    async (req, reply) => reply.ok(await chat.inboxState(actorOf(req))),
  );

  app.get(
    '/admin/api/chat/conversation',
    {
      schema: schema({
        tags: adminTags,
        summary: "One conversation with its user's UID; opening it is audited (support, admin)",
        querystring: ChatAdminConversationQuery,
        response: ChatAdminConversationResponse,
        roles,
      }),
    },
    async (req, reply) => reply.ok(await chat.conversation(actorOf(req), req.query.id)),
  );

  app.get(
    '/admin/api/chat/messages',
    {
      schema: schema({
        tags: adminTags,
        summary: "A page of a conversation's messages in ascending order (support, admin)",
        querystring: ChatAdminMessagesQuery,
        response: ChatMessagesResponse,
        roles,
      }),
    },
    async (req, reply) => reply.ok(await chat.adminMessagePage(req.query)),
  );

  app.post(
    '/admin/api/chat/reply',
    {
      schema: schema({
        tags: adminTags,
        summary:
          'Answer a conversation (idempotent by clientId); opens a closed one and assigns an unassigned one to you; audited (support, admin)',
        body: ChatReplyBody,
        response: ChatReplyResponse,
        roles,
      }),
    },
    async (req, reply) => reply.ok(await chat.reply(actorOf(req), req.body)),
  );

  app.post(
    '/admin/api/chat/read',
    {
      schema: schema({
        tags: adminTags,
        summary: 'Support has read up to a message id: the user sees their messages as read (support, admin)',
        body: ChatAdminReadBody,
        response: ChatAdminUpdateResponse,
        roles,
      }),
    },
    async (req, reply) => reply.ok(await chat.operatorRead(req.body.id, req.body.throughId)),
  );

  app.post(
    '/admin/api/chat/assign',
    {
      schema: schema({
        tags: adminTags,
        summary: 'Assign a conversation to an operator (support or admin), or to nobody; audited (support, admin)',
        body: ChatAssignBody,
        response: ChatAdminUpdateResponse,
        roles,
      }),
    },
    async (req, reply) => reply.ok(await chat.assign(actorOf(req), req.body)),
  );

  app.post(
    '/admin/api/chat/move',
    {
      schema: schema({
        tags: adminTags,
        summary: 'Move a conversation to another queue; audited (support, admin)',
        body: ChatMoveBody,
        response: ChatAdminUpdateResponse,
        roles,
      }),
    },
    async (req, reply) => reply.ok(await chat.move(actorOf(req), req.body.id, req.body.queue)),
  );

  app.post(
    '/admin/api/chat/close',
    {
      schema: schema({
        tags: adminTags,
        summary: 'Close a conversation until the user writes again; audited (support, admin)',
        body: ChatCloseBody,
        response: ChatAdminUpdateResponse,
        roles,
      }),
    },
    async (req, reply) => reply.ok(await chat.close(actorOf(req), req.body.id)),
  );

  app.get(
    '/admin/api/chat/image',
    {
      schema: schema({
        tags: adminTags,
        summary: "The image of a user's message (JPEG, PNG or WebP bytes); the view is audited (support, admin)",
        querystring: ChatImageQuery,
        response: IMAGE_BYTES,
        roles,
      }),
    },
    async (req, reply) => {
      const file = await chat.image(actorOf(req), req.query.id, req.query.messageId);
      return reply.type(file.mime).header('x-content-type-options', 'nosniff').send(file.data);
    },
  );

  app.get(
    '/admin/api/chat/operators',
    {
      schema: schema({
        tags: adminTags,
        summary: 'Who conversations can be assigned to: enabled support and admin operators (support, admin)',
        response: ChatOperatorsResponse,
        roles,
      }),
    },
    async (_req, reply) => reply.ok(await chat.operators()),
  );

  app.get(
    '/admin/api/chat/canned',
    {
      schema: schema({
        tags: adminTags,
        summary: "Canned replies, all or one language's (support, admin)",
        querystring: ChatCannedQuery,
        response: ChatCannedListResponse,
        roles,
      }),
    },
    async (req, reply) => reply.ok(await chat.canned(req.query.lang)),
  );

  app.post(
    '/admin/api/chat/canned/save',
    {
      schema: schema({
        tags: adminTags,
        summary: 'Create (no id) or change a canned reply; audited (support, admin)',
        body: ChatCannedSaveBody,
        response: ChatCannedSaveResponse,
        roles,
      }),
    },
    async (req, reply) => reply.ok(await chat.cannedSave(actorOf(req), req.body)),
  );

  app.post(
    '/admin/api/chat/canned/delete',
    {
      schema: schema({
        tags: adminTags,
        summary: 'Delete a canned reply; audited (support, admin)',
        body: ChatCannedDeleteBody,
        response: Ok,
        roles,
      }),
    },
    async (req, reply) => {
      await chat.cannedDelete(actorOf(req), req.body.id);
      return reply.ok(null);
    },
  );
};
