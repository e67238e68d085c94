import { describe, expect, it } from 'vitest';
import { CHAT_OPERATOR_ROLES, type ChatCannedReply, type ChatMessage } from '@app/contract';
import {
  cannedBody,
  cannedFor,
  cannedProblems,
  insertCanned,
  mergeMessages,
  newClientId,
  readThroughTarget,
  replyProblem,
} from './chat-forms';
import { mayOpen } from './roles';

const msg = (id: number, author: 'user' | 'operator'): ChatMessage => ({
  id,
  author,
  body: `m${id}`,
  image: null,
  clientId: null,
  operator: null,
  createdAt: id,
});
const canned = (id: number, lang: string, title: string): ChatCannedReply => ({
  id,
  lang,
  title,
  body: title,
  updatedAt: 0,
  updatedBy: null,
});

describe('the chat inbox forms', () => {
  it('checks a reply as the server does (code points after trimming)', () => {
    expect(replyProblem('   ')).not.toBeNull();
    expect(replyProblem('é'.repeat(2000))).toBeNull();
    expect(replyProblem('x'.repeat(2001))).toMatch(/2000/);
    expect(newClientId()).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(newClientId()).not.toBe(newClientId());
  });

  it("checks and sends canned replies, and offers a language's own first, then English", () => {
    expect(cannedProblems({ lang: 'de', title: ' ', body: 'x' }).title).toBeDefined();
    expect(cannedProblems({ lang: 'de', title: 't', body: '' }).body).toBeDefined();
    expect(cannedBody({ lang: 'de', title: ' Hallo ', body: ' Text ' })).toEqual({
      lang: 'de',
      title: 'Hallo',
      body: 'Text',
    });
    expect(cannedBody({ id: 3, lang: 'de', title: 'a', body: 'b' })).toEqual({
      id: 3,
      lang: 'de',
      title: 'a',
      body: 'b',
    });
    const list = [
      canned(1, 'en', 'Welcome'),
      canned(2, 'de', 'Willkommen'),
      canned(3, 'de', 'Abschied'),
      canned(4, 'fr', 'Bonjour'),
    ];
    expect(cannedFor(list, 'de').map((c) => c.id)).toEqual([3, 2, 1]);
    expect(cannedFor(list, 'en').map((c) => c.id)).toEqual([1]);
    expect(insertCanned('', 'Hi')).toBe('Hi');
    expect(insertCanned('Thanks  ', 'Hi')).toBe('Thanks\n\nHi');
  });

  it('merges pages by id and marks read through the newest unread user message', () => {
    expect(
      mergeMessages([msg(3, 'user'), msg(1, 'user')], [msg(2, 'operator'), msg(3, 'user')]).map((m) => m.id),
    ).toEqual([1, 2, 3]);
    expect(readThroughTarget([msg(1, 'user'), msg(2, 'operator'), msg(3, 'user'), msg(4, 'operator')], 1)).toBe(3);
    expect(readThroughTarget([msg(1, 'user'), msg(2, 'operator')], 1)).toBeNull();
  });

  it('is in the menu of the roles the chat routes allow, and no other', () => {
    for (const role of ['support', 'compliance', 'finance', 'admin'] as const) {
      expect(mayOpen(role, '/chat')).toBe((CHAT_OPERATOR_ROLES as readonly string[]).includes(role));
    }
  });
});
