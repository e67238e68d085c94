import {
  API,
  type ChatConversation,
  type ChatMessagePage,
  type ChatMessagesQuery,
  type ChatSendBody,
  type ChatSendResult,
} from '@app/contract';
import { apiGet, apiPost, commonHeaders } from '../../../lib/api/api-client';
import { apiUrl } from '../../../lib/api/early';

/** `chat/conversation`: the user's conversation (read marks, unread count), or null before their first message. */
export function getConversation(signal?: AbortSignal): Promise<ChatConversation | null> {
  return apiGet<ChatConversation | null>(API.chat.conversation, undefined, { silent: true, signal });
}

/** `chat/messages`: the newest page (no cursor), an older one (`before`) or what came after (`after`); ascending either way. */
export function getMessages(query: ChatMessagesQuery, signal?: AbortSignal): Promise<ChatMessagePage> {
  return apiGet<ChatMessagePage>(API.chat.messages, { ...query }, { silent: true, signal });
}

/** `chat/send`: the same clientId twice is one message (a retry after a lost answer). Failures are shown on the message, not toasted. */
export function sendMessage(body: ChatSendBody): Promise<ChatSendResult> {
  return apiPost<ChatSendResult>(API.chat.send, body, { silent: true });
}

/** `chat/read`: the user has read support's messages up to `throughId`. */
export function markRead(throughId: number): Promise<ChatConversation> {
  return apiPost<ChatConversation>(API.chat.read, { throughId }, { silent: true });
}

/** A private upload's bytes (the user's own picture), fetched with the session's headers, as an object URL the caller revokes. */
export async function fetchPrivateImage(path: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(apiUrl(path), { headers: commonHeaders(), signal, credentials: 'same-origin' });
  if (!response.ok || !response.headers.get('content-type')?.startsWith('image/'))
    throw new Error(`image ${response.status}`);
  return URL.createObjectURL(await response.blob());
}
