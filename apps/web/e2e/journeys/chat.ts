/**
 * Customer service end to end (issue 20 "Customer service"; docs/product.md §2 `home/components/customer-service`
 * with `from`): a visitor is asked to log in (the conversation is tied to the UID); a user on the
 * phone opens support from the home screen's Live Chat shortcut (`?from=home`), sees their UID and
 * who answers, writes a message and sends a picture; a support operator opens the conversation in
 * the back office's inbox (by the user's UID) — the user sees "Read" under their message — and
 * replies; the user sees the reply arrive without reloading, and the inbox shows it read; the
 * desktop layout shows the same conversation from the user menu. Axe on each screen; any console error fails the journey (harness).
 */
import assert from 'node:assert/strict';
import type { BrowserContext } from 'playwright-core';
import { photoFiles } from '../harness/borrowers';
import { desktopContext } from '../harness/browser';
import { type Operator, createOperatorWithCli, freshTotp, signInOperator } from '../harness/operators';
import { endOwnServer, startServer } from '../harness/server';
import {
  type Journey,
  type JourneyContext,
  type Server,
  DESKTOP,
  MOBILE,
  expectAccessible,
  loggedInContext,
  newPage,
  registerViaApi,
  shot,
  uniqueEmail,
  waitForPath,
} from '../harness';

const SERVICE = '/pages/home/components/customer-service';

async function chatWithSupport({ browser }: JourneyContext) {
  // The secret: set in `before` (the CLI prints it).
  const support: Operator = {
    email: 'chat.support@example.com',
    password: 'chat-support-pass-1',
    role: 'support',
    secret: '',
  };
  let server: Server | undefined;
  const contexts: BrowserContext[] = [];
  try {
    server = await startServer({
      before: async (env) => {
        Object.assign(support, await createOperatorWithCli(env, support));
      },
    });
    const { baseUrl } = server;
    const url = (p: string) => `${baseUrl}${p}`;

    // A visitor: the chat asks them to log in first.
    const visitorContext = await browser.newContext({ viewport: MOBILE });
    contexts.push(visitorContext);
    const visitor = await newPage(visitorContext);
    await visitor.goto(url(`${SERVICE}?from=home`));
    await visitor.getByRole('heading', { name: 'Log in to chat with support' }).waitFor();
    await visitor.getByRole('link', { name: 'Log in' }).waitFor();
    await expectAccessible(visitor, 'customer service: a visitor');

    // The user on the phone: home → Live Chat.
    const login = await registerViaApi(server, uniqueEmail('chat'));
    const uid = login.user.uid;
    const phoneContext = await loggedInContext(browser, login, MOBILE);
    contexts.push(phoneContext);
    const phone = await newPage(phoneContext);
    await phone.goto(url('/pages/home/index'));
    await phone.getByRole('link', { name: 'Live Chat' }).click();
    await waitForPath(phone, SERVICE);
    assert.equal(new URL(phone.url()).searchParams.get('from'), 'home');
    await phone.getByTestId('chat-empty').waitFor();
    assert.equal(await phone.getByTestId('chat-uid').textContent(), uid);
    await phone.getByText('Our support team answers here').waitFor();
    await expectAccessible(phone, 'customer service: no messages yet');

    const question = 'My deposit of 120 USDT has not arrived yet.';
    await phone.getByLabel('Message').fill(question);
    await phone.getByRole('button', { name: 'Send' }).click();
    const log = phone.getByTestId('chat-log');
    const mine = log.getByTestId('chat-message').filter({ hasText: question });
    await mine.and(phone.locator('[data-state="sent"]')).waitFor();
    // A picture goes through the upload pipeline and shows from the server.
    await phone.getByTestId('chat-file').setInputFiles(photoFiles([[40, 120, 200]]));
    await phone.getByRole('button', { name: 'Send' }).click();
    const picture = log
      .getByTestId('chat-message')
      .filter({ has: phone.getByRole('img', { name: 'Picture sent in the chat' }) });
    await picture.and(phone.locator('[data-state="sent"]')).waitFor();

    // Support, in the back office's inbox: the conversation of this UID (origin home) with both
    // messages; opening it reads them, so the user's message shows "Read".
    const opContext = await browser.newContext({ viewport: DESKTOP });
    contexts.push(opContext);
    const op = await newPage(opContext);
    await signInOperator(op, server.baseUrl, support, (await freshTotp(support.secret)).code);
    await op.waitForURL(/\/admin\/dashboard$/);
    await op.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Customer service' }).click();
    await op.waitForURL(/\/admin\/chat/);
    await op
      .getByTestId('chat-inbox')
      .getByRole('button', { name: new RegExp(`UID ${uid}`) })
      .click();
    const thread = op.getByTestId('chat-thread');
    await thread.getByText(question).waitFor();
    await thread.getByRole('img', { name: 'Image from the user' }).waitFor();
    assert.equal(await op.getByTestId('chat-uid').textContent(), uid);
    await op
      .getByTestId('chat-conversation')
      .getByText(/^Opened from home/)
      .waitFor();
    await mine.and(phone.locator('[data-state="read"]')).waitFor();
    await mine.getByText('Read', { exact: true }).waitFor();

    // The reply reaches the open chat without a reload (the notice stream, or the poll without it);
    // the user sees it, and the inbox shows it read.
    const answer = 'Hello! We see the deposit: it needs 2 more confirmations on the chain.';
    await op.getByRole('form', { name: 'Reply' }).getByRole('textbox', { name: 'Reply' }).fill(answer);
    await op.getByRole('form', { name: 'Reply' }).getByRole('button', { name: 'Send' }).click();
    await log.getByTestId('chat-message').filter({ hasText: answer }).waitFor();
    await expectAccessible(phone, 'customer service: a conversation');
    await shot(phone, 'customer-service-mobile');
    // The user's read mark reaches the server; the inbox shows it on a fresh look (its 2 s poll
    // does not follow the user's read mark: the inbox-state version leaves user_read_through out).
    await phone.waitForTimeout(1000);
    await op.reload();
    await thread
      .getByTestId('chat-message')
      .filter({ hasText: answer })
      .getByText(/· read/)
      .waitFor();
    await shot(op, 'customer-service-inbox');

    // The desktop layout: the user menu leads to the same conversation in a centred panel.
    const deskContext = await desktopContext(browser, { login });
    contexts.push(deskContext);
    const desk = await newPage(deskContext);
    await desk.goto(url('/pages/desktop/dashboard/index'));
    await desk.locator('.user-menu > button').click();
    await desk.getByRole('link', { name: 'Customer service' }).click();
    await waitForPath(desk, SERVICE);
    const deskLog = desk.getByTestId('chat-log');
    await deskLog.getByTestId('chat-message').filter({ hasText: answer }).waitFor();
    await deskLog
      .getByTestId('chat-message')
      .filter({ hasText: question })
      .getByText('Read', { exact: true })
      .waitFor();
    await expectAccessible(desk, 'customer service: desktop');
    await shot(desk, 'customer-service-desktop');
  } finally {
    for (const c of contexts) await c.close().catch(() => undefined);
    await endOwnServer(server);
  }
}

export const journeys: Journey[] = [
  {
    name: 'customer service: a visitor is asked to log in; a user writes from home on the phone, support replies and reads it, the user sees the reply and Read, the desktop shows the conversation',
    fn: chatWithSupport,
    // Its own server (a support operator is made with the CLI before it starts).
    slow: true,
  },
];
