/**
 * Users ready to borrow, for the loan journeys: KYC verified by a compliance operator and, when
 * asked, USDT credited through the back office's four eyes, all through the API (the journeys
 * drive the screens that are theirs).
 */
import assert from 'node:assert/strict';
import type { KycQueue, LoginResult } from '@app/contract';
import { png } from './png';
import { type Operator, freshTotp } from './operators';
import type { Server } from './server';
import { type ApiReply, api, registerViaApi, uniqueEmail } from './users';

/** A colour as red, green and blue (0–255). */
export type Rgb = [number, number, number];

/** A GET of the API with a token (user or operator): its data, asserted code 0. */
export async function read<T = unknown>(
  server: Server,
  path: string,
  params: Record<string, string>,
  token: string,
): Promise<T> {
  const url = new URL(path, server.baseUrl);
  url.search = new URLSearchParams(params).toString();
  const json = (await (await fetch(url, { headers: { token, lang: 'en' } })).json()) as ApiReply<T>;
  assert.equal(json.code, 0, `${path}: ${JSON.stringify(json)}`);
  return json.data;
}

/** A POST of the API with a token: its data, asserted code 0. */
export async function post<T = unknown>(
  server: Server,
  path: string,
  body: unknown,
  token: string,
  headers: Record<string, string> = {},
): Promise<T> {
  const json = await api<T>(server.baseUrl, path, body, { token, ...headers });
  assert.equal(json.code, 0, `${path}: ${JSON.stringify(json)}`);
  return json.data;
}

/** An operator's session through the API (a code works once per step: one sign-in per operator and step). */
export async function operatorToken(server: Server, operator: Operator): Promise<string> {
  const { code } = await freshTotp(operator.secret);
  // No session yet: no token header (post's would send the text "undefined").
  const json = await api<{ token: string }>(server.baseUrl, '/admin/api/auth/login', {
    email: operator.email,
    password: operator.password,
    totp: code,
  });
  assert.equal(json.code, 0, `/admin/api/auth/login: ${JSON.stringify(json)}`);
  return json.data.token;
}

/** Distinct small PNGs, as files for a page's file input. */
export const photoFiles = (colours: Rgb[]) =>
  colours.map(([r, g, b], i) => ({ name: `document-${i + 1}.png`, mimeType: 'image/png', buffer: png(r, g, b) }));

/** Private uploads of the user (KYC and loan documents take their paths). */
export async function uploadPhotos(server: Server, token: string, colours: Rgb[]): Promise<string[]> {
  const paths: string[] = [];
  for (const file of photoFiles(colours)) {
    const form = new FormData();
    form.append('kind', 'private');
    form.append('file', new Blob([file.buffer], { type: file.mimeType }), file.name);
    const up = (await (
      await fetch(`${server.baseUrl}/asset/api/common/upload`, { method: 'POST', headers: { token }, body: form })
    ).json()) as ApiReply<{ path: string }>;
    assert.equal(up.code, 0, JSON.stringify(up));
    paths.push(up.data.path);
  }
  return paths;
}

/** A compliance operator verifies the user's identity (both KYC stages through the API, then the decision). */
export async function verifyKyc(server: Server, login: LoginResult, complianceToken: string): Promise<void> {
  await post(
    server,
    '/asset/api/idCard/insertPrimaryVerification',
    { documentType: 'passport', nationality: 'DE', realName: 'Lena Vogel', idNumber: 'L01X00T47' },
    login.token,
  );
  const [frontImage, backImage, selfieImage] = await uploadPhotos(server, login.token, [
    [200, 40, 90],
    [30, 120, 200],
    [240, 200, 60],
  ]);
  await post(server, '/asset/api/idCard/insert', { frontImage, backImage, selfieImage }, login.token);
  const queue = await read<KycQueue>(server, '/admin/api/kyc/queue', {}, complianceToken);
  const submission = queue.items.find((s) => s.uid === login.user.uid);
  assert(submission, 'the KYC submission is not in the queue');
  await post(server, '/admin/api/kyc/decide', { id: submission.id, verified: true }, complianceToken);
}

/** A new user whose identity a compliance operator verified. */
export async function verifiedUser(server: Server, complianceToken: string, tag = 'borrower'): Promise<LoginResult> {
  const login = await registerViaApi(server, uniqueEmail(tag));
  await verifyKyc(server, login, complianceToken);
  return login;
}

/** Credits `amount` USDT to the user's currency account: one operator asks, another approves. */
export async function creditUsdt(
  server: Server,
  uid: string,
  amount: string,
  { askToken, approveToken }: { askToken: string; approveToken: string },
): Promise<void> {
  const asked = await post<{ id: number }>(
    server,
    '/admin/api/approvals/request-credit',
    { uid, asset: 'USDT', amount, note: 'deposit by bank transfer' },
    askToken,
  );
  await post(server, '/admin/api/approvals/decide', { id: asked.id, approve: true }, approveToken);
}
