import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERRORS, type LoginResult } from '@app/contract';
import type * as Secrets from '../../lib/secrets';
import {
  createTestApp,
  PASSWORD,
  registerByEmail,
  uniqueEmail,
  type ApiAnswer,
  type TestApp,
} from '../../../test/harness';

// Every password check the server runs goes through this probe: it records the password it was
// given and, while a test holds the gate, keeps wrong guesses waiting inside the check, so the
// test sees exactly how many guesses reached it while the others were still in flight.
const probe = vi.hoisted(() => {
  const state = {
    checked: [] as string[],
    gate: null as Promise<void> | null,
    open: () => {},
    hold() {
      state.gate = new Promise<void>((resolve) => {
        state.open = () => {
          state.gate = null;
          resolve();
        };
      });
    },
  };
  return state;
});

vi.mock('../../lib/secrets', async (importOriginal) => {
  const real = await importOriginal<typeof Secrets>();
  return {
    ...real,
    async verifyPassword(password: string, stored: string): Promise<boolean> {
      probe.checked.push(password);
      const ok = await real.verifyPassword(password, stored);
      if (!ok && probe.gate) await probe.gate;
      return ok;
    },
  };
});

const U = '/asset/api/user';
const code = (key: keyof typeof ERRORS) => ERRORS[key].code;

let t: TestApp;
beforeAll(async () => {
  // The per-account limit is the default (5); the address limit is 4 so the address test is small.
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '100000', LOGIN_MAX_FAILURES_PER_IP: '4' } });
});
afterAll(() => t.close());

let nextIp = 0;
/** A fresh address per guess, so only the account limit is in play. */
const freshIp = () => `10.77.${Math.floor(++nextIp / 250)}.${nextIp % 250}`;

/** Waits until `done()` holds, checking between turns of the event loop. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 20_000 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
  if (!done()) throw new Error('timed out');
}

/** Fires the requests at once and counts answers as they come. */
function fire<T>(calls: (() => Promise<ApiAnswer<T>>)[]) {
  let answered = 0;
  const all = calls.map((c) =>
    c().then((a) => {
      answered++;
      return a;
    }),
  );
  return { all, answered: () => answered };
}

describe('concurrent login guesses', () => {
  it('lets 5 of 24 simultaneous wrong guesses reach the password check; the right password fired meanwhile is refused, and after', async () => {
    const u = await registerByEmail(t);
    probe.checked.length = 0;
    probe.hold();
    const login = (password: string) => () =>
      t.post(`${U}/login`, { type: 'email', email: u.email, password }, { ip: freshIp() });
    const burst = fire(Array.from({ length: 24 }, (_, i) => login(`wrong-guess-${i}`)));
    // Every guess has either been refused or is inside the password check (held there).
    await until(() => burst.answered() + probe.checked.length >= 24);
    // The right password while the admitted guesses are still being checked: their slots count.
    const right = await login(PASSWORD)();
    probe.open();
    const answers = await Promise.all(burst.all);

    expect(probe.checked.filter((p) => p !== PASSWORD)).toHaveLength(5);
    expect(probe.checked).not.toContain(PASSWORD);
    expect(answers.filter((a) => a.code === code('PASSWORD_INCORRECT'))).toHaveLength(5);
    expect(answers.filter((a) => a.code === code('LOGIN_LOCKED'))).toHaveLength(19);
    expect(right.code).toBe(code('LOGIN_LOCKED'));
    // The account stays locked: the right password afterwards is refused without a check.
    const after = await login(PASSWORD)();
    expect(after).toMatchObject({ status: 429, code: code('LOGIN_LOCKED') });
    expect(probe.checked).not.toContain(PASSWORD);
  });

  it('25 guesses fired at once with the right one among them: at most 5 checks, and the account locks unless the right one got a slot', async () => {
    const u = await registerByEmail(t);
    probe.checked.length = 0;
    probe.hold();
    const login = (password: string) => () =>
      t.post<LoginResult>(`${U}/login`, { type: 'email', email: u.email, password }, { ip: freshIp() });
    const rightAt = 12;
    const burst = fire(Array.from({ length: 25 }, (_, i) => login(i === rightAt ? PASSWORD : `wrong-guess-${i}`)));
    await until(() => burst.answered() + probe.checked.filter((p) => p !== PASSWORD).length >= 25);
    probe.open();
    const answers = await Promise.all(burst.all);

    expect(probe.checked.length).toBe(5);
    expect(answers.filter((a) => a.code === code('LOGIN_LOCKED'))).toHaveLength(20);
    const right = answers[rightAt]!;
    if (probe.checked.includes(PASSWORD)) {
      // The right password won one of the 5 slots: it signs in, as it should.
      expect(right.code).toBe(0);
      expect(answers.filter((a) => a.code === code('PASSWORD_INCORRECT'))).toHaveLength(4);
    } else {
      expect(right.code).toBe(code('LOGIN_LOCKED'));
      expect(answers.filter((a) => a.code === code('PASSWORD_INCORRECT'))).toHaveLength(5);
      expect((await login(PASSWORD)()).code).toBe(code('LOGIN_LOCKED'));
      expect(probe.checked).not.toContain(PASSWORD);
    }
  });

  it('a success restarts the account count', async () => {
    const u = await registerByEmail(t);
    const login = (password: string) =>
      t.post(`${U}/login`, { type: 'email', email: u.email, password }, { ip: freshIp() });
    for (let i = 0; i < 4; i++) expect((await login('wrong-one')).code).toBe(code('PASSWORD_INCORRECT'));
    expect((await login(PASSWORD)).code).toBe(0);
    // Five more wrong guesses are allowed after a success; the sixth attempt is refused.
    for (let i = 0; i < 5; i++) expect((await login('wrong-one')).code).toBe(code('PASSWORD_INCORRECT'));
    expect((await login(PASSWORD)).code).toBe(code('LOGIN_LOCKED'));
  });

  it('lets at most LOGIN_MAX_FAILURES_PER_IP of 25 simultaneous logins from one address past the lock', async () => {
    const ip = '10.66.0.1';
    const burst = fire(
      Array.from(
        { length: 25 },
        () => () => t.post(`${U}/login`, { type: 'email', email: uniqueEmail(), password: 'whatever' }, { ip }),
      ),
    );
    const answers = await Promise.all(burst.all);
    expect(answers.filter((a) => a.code === code('ACCOUNT_NOT_FOUND'))).toHaveLength(4);
    expect(answers.filter((a) => a.code === code('LOGIN_LOCKED'))).toHaveLength(21);
  });
});
