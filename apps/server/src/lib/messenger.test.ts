import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';
import type { AddressInfo } from 'node:net';
import { createTestApp, PASSWORD, uniqueEmail, type TestApp } from '../../test/harness';
import { SmtpSender } from './messenger';

interface Received {
  to: string[];
  subject: string;
  text: string;
}

describe('e-mail over SMTP', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', async () => {
          const mail = await PostalMime.parse(Buffer.concat(chunks));
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    t = await createTestApp({ email: new SmtpSender(`smtp://127.0.0.1:${port}`, 'Trading <no-reply@example.com>') });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("delivers the code through a real SMTP server, in the user's language, and the code registers", async () => {
    const email = uniqueEmail();
    const sent = await t.post('/asset/api/user/sendOtp', { email, purpose: 'register' }, { lang: 'de' });
    expect(sent.code).toBe(0);
    const mail = received.find((m) => m.to.includes(email));
    expect(mail?.subject).toBe('Ihr Bestätigungscode');
    const code = /\b(\d{4})\b/.exec(mail!.text)?.[1];
    expect(code).toMatch(/^\d{4}$/);
    const reg = await t.post('/asset/api/user/register', {
      type: 'email',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      code,
    });
    expect(reg.code).toBe(0);
  });

  it('forgets a code it could not deliver, so the user can ask again at once', async () => {
    const broken = await createTestApp({ email: new SmtpSender('smtp://127.0.0.1:1', 'x@example.com') });
    try {
      const email = uniqueEmail();
      const first = await broken.post('/asset/api/user/sendOtp', { email, purpose: 'register' });
      expect(first.code).toBe(1000);
      expect(first.msg).toBe('Server exception, please try again later');
      const again = await broken.post('/asset/api/user/sendOtp', { email, purpose: 'register' });
      expect(again.code).toBe(1000); // not RESEND_TOO_SOON
    } finally {
      await broken.close();
    }
  });
});
