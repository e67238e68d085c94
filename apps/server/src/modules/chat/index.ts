// The chat module's face (docs/chat.md): the customer-service chat of users and the back office's inbox.
export {
  ChatService,
  CHAT_REPLY_NOTICE,
  queueOfOrigin,
  previewOf,
  type ChatConfig,
  type ChatDeps,
  type ChatFiles,
} from './service';
export { chatAdminRoutes, chatRoutes } from './routes';
