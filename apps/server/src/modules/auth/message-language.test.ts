import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type LoginResult } from '@app/contract';
import { createTestApp, PASSWORD, uniqueEmail, userIdByEmail, type TestApp } from '../../../test/harness';
import { SessionService } from './sessions';

/**
 * Messages go out in the language of the user's latest request, kept with the session that made
 * it (issue 34: an English app got a German e-mail). What the sessions remember, and what
 * messageLanguageOf answers.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000', OTP_DAILY_PER_IP: '10000' } });
});
afterAll(() => t.close());

const language = (userId: number) => new SessionService(t.ctx).messageLanguageOf(userId);
const info = (token: string, lang: string) => t.post(API.user.info, undefined, { token, lang });

async function registerIn(lang: string) {
  const email = uniqueEmail();
  await t.post(API.user.sendOtp, { email, purpose: 'register' }, { lang });
  const r = await t.post<LoginResult>(
    API.user.register,
    { type: 'email', email, password: PASSWORD, confirmPassword: PASSWORD, code: t.lastCode(email) },
    { lang },
  );
  expect(r.code).toBe(0);
  return { email, token: r.data.token, userId: await userIdByEmail(t, email) };
}

describe('the language of a user’s messages', () => {
  it('is the language of the latest request: signing up in German, then using the app in English', async () => {
    const u = await registerIn('de');
    expect(await language(u.userId)).toBe('de');
    expect((await info(u.token, 'en')).code).toBe(0);
    expect(await language(u.userId)).toBe('en');
    // The web's names of languages are understood too.
    expect((await info(u.token, 'jp')).code).toBe(0);
    expect(await language(u.userId)).toBe('ja');
  });

  it('follows the device used last', async () => {
    const u = await registerIn('en');
    const phone = await t.post<LoginResult>(
      API.user.login,
      { type: 'email', email: u.email, password: PASSWORD },
      { lang: 'fr' },
    );
    expect(await language(u.userId)).toBe('fr');
    // The first device again, a minute later: its session is the one used last.
    t.clock.advance(61_000);
    expect((await info(u.token, 'en')).code).toBe(0);
    expect(await language(u.userId)).toBe('en');
    t.clock.advance(61_000);
    expect((await info(phone.data.token, 'fr')).code).toBe(0);
    expect(await language(u.userId)).toBe('fr');
  });

  it('is the profile’s language for a user without a session that remembers one, else English', async () => {
    const u = await registerIn('en');
    await t.post(API.user.update, { language: 'kr' }, { token: u.token, lang: 'en' });
    await t.ctx.db.execute(sql`UPDATE sessions SET lang = NULL WHERE user_id = ${u.userId}`);
    expect(await language(u.userId)).toBe('ko');
  });
});
