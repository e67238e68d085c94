/**
 * The conversation as the chat screen holds it: the messages the server has (pages loaded on
 * opening and on scrolling up, and the live events of the stream or the poll, merged by id in
 * any order and any number of times), then the user's own messages still on their way (pending)
 * or refused (failed, with a retry that sends the same clientId, so the server keeps one copy).
 * Pure functions over an immutable value: the hook keeps it in React state.
 */

export type ChatAuthor = 'user' | 'operator';

/** A message the server has stored (ids are integers growing with time; the contract's ChatMessage). */
export interface ChatMessageLike {
  id: number;
  author: ChatAuthor;
  body: string;
  /** Where the picture is served, or null for text only. */
  image: string | null;
  clientId: string | null;
  createdAt: number;
}

/** A message of the user not yet confirmed by the server. */
export interface OutgoingMessage {
  clientId: string;
  body: string;
  /** The chosen picture, shown from the device (an object URL) until the server has it. */
  localImage: string | null;
  /** The uploaded picture's path once the upload is done (a retry does not upload again). */
  uploadPath: string | null;
  createdAt: number;
  state: 'pending' | 'failed';
  /** Why it failed (the server's message), shown under it. */
  error?: string;
}

export interface ChatList<M extends ChatMessageLike = ChatMessageLike> {
  /** Stored messages, oldest first, unique by id. */
  messages: readonly M[];
  outgoing: readonly OutgoingMessage[];
  /** More messages exist before the first one held. */
  hasOlder: boolean;
  /** The last message id support has read (the user's messages up to it show "Read"). */
  operatorReadThrough: number;
  /** The last message id the user has read. */
  userReadThrough: number;
}

/** One row of the list the screen draws. */
export type ChatRow<M extends ChatMessageLike = ChatMessageLike> =
  | { kind: 'message'; key: string; message: M; read: boolean }
  | { kind: 'outgoing'; key: string; message: OutgoingMessage };

export function emptyChat<M extends ChatMessageLike = ChatMessageLike>(): ChatList<M> {
  return { messages: [], outgoing: [], hasOlder: false, operatorReadThrough: 0, userReadThrough: 0 };
}

/**
 * Adds stored messages (a page, a poll's answer or one live event): a message already held is
 * replaced by the newer copy, the user's outgoing message with the same clientId is done.
 * `hasOlder` is set only by a page of older messages (or the first page), which says it.
 */
export function mergeMessages<M extends ChatMessageLike>(
  list: ChatList<M>,
  incoming: readonly M[],
  hasOlder?: boolean,
): ChatList<M> {
  if (incoming.length === 0 && hasOlder === undefined) return list;
  const byId = new Map<number, M>();
  for (const m of list.messages) byId.set(m.id, m);
  for (const m of incoming) byId.set(m.id, m);
  const messages = [...byId.values()].sort((a, b) => a.id - b.id);
  const arrived = new Set(incoming.flatMap((m) => (m.clientId ? [m.clientId] : [])));
  const outgoing = arrived.size > 0 ? list.outgoing.filter((o) => !arrived.has(o.clientId)) : list.outgoing;
  return { ...list, messages, outgoing, hasOlder: hasOlder ?? list.hasOlder };
}

/** The read marks of the conversation: they only move forward (an older answer arriving late changes nothing). */
export function mergeReadState<M extends ChatMessageLike>(
  list: ChatList<M>,
  read: { operatorReadThrough?: number; userReadThrough?: number },
): ChatList<M> {
  const operatorReadThrough = Math.max(list.operatorReadThrough, read.operatorReadThrough ?? 0);
  const userReadThrough = Math.max(list.userReadThrough, read.userReadThrough ?? 0);
  if (operatorReadThrough === list.operatorReadThrough && userReadThrough === list.userReadThrough) return list;
  return { ...list, operatorReadThrough, userReadThrough };
}

/** The user pressed send: the message shows at once as pending. */
export function addOutgoing<M extends ChatMessageLike>(
  list: ChatList<M>,
  message: Omit<OutgoingMessage, 'state'>,
): ChatList<M> {
  if (list.outgoing.some((o) => o.clientId === message.clientId)) return list;
  return { ...list, outgoing: [...list.outgoing, { ...message, state: 'pending' }] };
}

/** Updates one outgoing message (its state, its uploaded picture). Unknown clientIds (already confirmed) change nothing. */
export function updateOutgoing<M extends ChatMessageLike>(
  list: ChatList<M>,
  clientId: string,
  change: Partial<Pick<OutgoingMessage, 'state' | 'uploadPath' | 'error'>>,
): ChatList<M> {
  if (!list.outgoing.some((o) => o.clientId === clientId)) return list;
  return { ...list, outgoing: list.outgoing.map((o) => (o.clientId === clientId ? { ...o, ...change } : o)) };
}

/** The user gave up a failed message. */
export function dropOutgoing<M extends ChatMessageLike>(list: ChatList<M>, clientId: string): ChatList<M> {
  return { ...list, outgoing: list.outgoing.filter((o) => o.clientId !== clientId) };
}

/** What the screen draws: stored messages oldest first, then the outgoing ones in the order they were written. */
export function chatRows<M extends ChatMessageLike>(list: ChatList<M>): ChatRow<M>[] {
  const rows: ChatRow<M>[] = list.messages.map((m) => ({
    kind: 'message',
    key: m.clientId ? `c:${m.clientId}` : `m:${m.id}`,
    message: m,
    read: m.author === 'user' && m.id <= list.operatorReadThrough,
  }));
  for (const o of list.outgoing) rows.push({ kind: 'outgoing', key: `c:${o.clientId}`, message: o });
  return rows;
}

/** The newest id held (the poll asks for what came after it), or null with none. */
export function newestId(list: ChatList): number | null {
  return list.messages.at(-1)?.id ?? null;
}

/** The oldest id held (the next older page ends before it), or null with none. */
export function oldestId(list: ChatList): number | null {
  return list.messages[0]?.id ?? null;
}

/** The newest support message the user has not marked read yet, or null. */
export function unreadFromSupport(list: ChatList): number | null {
  for (let i = list.messages.length - 1; i >= 0; i -= 1) {
    const m = list.messages[i]!;
    if (m.id <= list.userReadThrough) return null;
    if (m.author === 'operator') return m.id;
  }
  return null;
}

/** A new client id for a message (random; a resend after a lost answer carries the same one, so the server keeps one copy). */
export function newClientId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}
