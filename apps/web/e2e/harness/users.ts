/** Users and codes: the API calls, the outbox the server writes codes to, and the 60 s resend window. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { LoginResult } from '@app/contract';
import { CODE_WAIT_MS, PASSWORD, sleep } from './config';
import type { Server } from './server';

let counter = 0;
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `e2e-${tag}-${Date.now().toString(36)}-${counter}@example.com`;
}

/**
 * The newest verification code sent to `to`, from the outbox files the server writes in
 * local use (`<DATA_DIR>/outbox/*-<channel>-<to>.txt`: headers, a blank line, the text).
 */
export async function readCode(dataDir: string, to: string, { after = 0 }: { after?: number } = {}): Promise<string> {
  const dir = path.join(dataDir, 'outbox');
  const safeTo = to.replace(/[^A-Za-z0-9@.+_-]/g, '_');
  const deadline = Date.now() + CODE_WAIT_MS;
  // The server creates the file, then writes it: a read in between sees it empty or cut short,
  // so a message without a code is read again until the deadline, and only then reported.
  let unfinished: string | undefined;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.includes(safeTo))
          .map((f) => ({ f, mtime: fs.statSync(path.join(dir, f)).mtimeMs }))
          .filter(({ mtime }) => mtime >= after)
          .sort((a, b) => b.mtime - a.mtime || b.f.localeCompare(a.f))
      : [];
    const [newest] = files;
    if (newest) {
      const text = fs.readFileSync(path.join(dir, newest.f), 'utf8');
      const body = text.includes('\n\n') ? text.slice(text.indexOf('\n\n') + 2) : text;
      const match = body.match(/(?<![0-9])([0-9]{4})(?![0-9])/);
      if (match?.[1]) return match[1];
      unfinished = text;
    }
    await sleep(200);
  }
  assert(unfinished === undefined, `no 4-digit code in the outbox message:\n${unfinished}`);
  throw new Error(`no outbox message for ${to} within ${CODE_WAIT_MS} ms`);
}

/**
 * The server allows one code per destination every 60 s, whatever the purpose (docs/product.md §5).
 * Tests that need a second code for an address wait out the rest of that window.
 */
const RESEND_WAIT_MS = 61_000;
const codeSentAt = new Map<string, number>();

export async function waitForResendWindow(destination: string): Promise<void> {
  const sent = codeSentAt.get(destination) ?? 0;
  const wait = sent + RESEND_WAIT_MS - Date.now();
  if (wait > 0) await sleep(wait);
}

/** What every API route answers: `code` 0 and its `data`, or an error code and its message. */
export interface ApiReply<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/**
 * A POST of the API; `T` is the `data` the caller expects on success (as the server's own test
 * harness types it: nothing checks the shape here).
 */
export async function api<T = unknown>(
  baseUrl: string,
  apiPath: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiReply<T>> {
  const res = await fetch(`${baseUrl}${apiPath}`, {
    method: 'POST',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), lang: 'en', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as ApiReply<T>;
  return json;
}

/** Registers a user through the API (for tests that only need someone logged in). */
export async function registerViaApi(
  server: Server,
  email: string,
  { invitationCode }: { invitationCode?: string } = {},
): Promise<LoginResult> {
  const started = Date.now() - 1000;
  codeSentAt.set(email, Date.now());
  const sent = await api(server.baseUrl, '/asset/api/user/sendOtp', { email, purpose: 'register' });
  assert(sent.code === 0, `sendOtp failed: ${JSON.stringify(sent)}`);
  const code = await readCode(server.dataDir, email, { after: started });
  const reg = await api<LoginResult>(server.baseUrl, '/asset/api/user/register', {
    type: 'email',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    code,
    ...(invitationCode ? { invitationCode } : {}),
  });
  assert(reg.code === 0, `register failed: ${JSON.stringify(reg)}`);
  return reg.data;
}

/**
 * A user registered as soon as the server is up, for a journey that needs a second code to its
 * address: by the time that journey runs (last), most of the 60 s window has passed.
 * Resolves to `{ email, login }`; a failure is reported by the journey that awaits it.
 */
export interface EarlyUser {
  email: string;
  login: LoginResult;
}

export function registerEarly(server: Server, tag: string): Promise<EarlyUser> {
  const email = uniqueEmail(tag);
  const user = registerViaApi(server, email).then((login) => ({ email, login }));
  user.catch(() => undefined);
  return user;
}
