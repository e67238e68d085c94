import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_API,
  API,
  ERRORS,
  IMAGE_MAX_BYTES,
  KYC_DOCUMENT_TYPES,
  type KycDecideBody,
  type KycInfo,
  type KycPrimaryBody,
  type KycQueue,
  type KycSubmissionDetail,
} from '@app/contract';
import { createTestApp, registerByEmail, uploadFile, userIdByEmail, type TestApp } from '../../../test/harness';
import { rowsOf } from '../../db/client';
import { createOperator, operatorLogin } from '../../../test/operators';

const code = (key: keyof typeof ERRORS) => ERRORS[key].code;

let t: TestApp;
let photos: Buffer[];
/** A compliance operator's session: the reviewer. */
let reviewer: string;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      OTP_DAILY_PER_IP: '10000',
      KYC_DOCUMENT_TYPES: '*=id_card,passport,driving_licence;US=passport,driving_licence',
    },
  });
  reviewer = await operatorLogin(t, await createOperator(t, 'compliance'));
  // Three different images: the document's front and back and a selfie.
  photos = await Promise.all(
    [
      [200, 40, 90],
      [30, 120, 200],
      [240, 200, 60],
    ].map(([r, g, b]) =>
      sharp({ create: { width: 60, height: 40, channels: 3, background: { r: r!, g: g!, b: b! } } })
        .png()
        .toBuffer(),
    ),
  );
});
afterAll(() => t.close());

const primary: KycPrimaryBody = {
  documentType: 'passport',
  nationality: 'DE',
  realName: '  Erika   Mustermann ',
  idNumber: 'C01X00T47',
};

async function privatePhotos(token: string, n = 3): Promise<string[]> {
  const paths: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await uploadFile(
      t,
      token,
      { kind: 'private' },
      { name: `photo${i}.png`, type: 'image/png', data: photos[i % photos.length]! },
    );
    expect(r.code).toBe(0);
    paths.push(r.data!.path);
  }
  return paths;
}
const documents = ([frontImage, backImage, selfieImage]: string[]) => ({ frontImage, backImage, selfieImage });
const decide = (body: KycDecideBody, token = reviewer) =>
  t.post<KycSubmissionDetail>(ADMIN_API.kyc.decide, body, { token });
const detail = async (id: number) =>
  (await t.call<KycSubmissionDetail>('GET', `${ADMIN_API.kyc.detail}?id=${id}`, undefined, { token: reviewer })).data;
const info = async (token: string) => (await t.call<KycInfo>('GET', API.idCard.info, undefined, { token })).data;
const latestSubmissionId = async (email: string) =>
  Number(
    rowsOf(
      await t.ctx.db.execute(
        sql`SELECT max(s.id) AS id FROM kyc_submissions s JOIN users u ON u.id = s.user_id WHERE u.email = ${email}`,
      ),
    )[0]!.id,
  );

describe('document types', () => {
  it('lists the types accepted for a nationality, or for every country', async () => {
    expect((await t.call('GET', API.idCard.type)).data).toEqual({ nationality: null, types: [...KYC_DOCUMENT_TYPES] });
    expect((await t.call('GET', `${API.idCard.type}?nationality=US`)).data).toEqual({
      nationality: 'US',
      types: ['passport', 'driving_licence'],
    });
    expect((await t.call('GET', `${API.idCard.type}?nationality=FR`)).data).toEqual({
      nationality: 'FR',
      types: [...KYC_DOCUMENT_TYPES],
    });
    expect(await t.call('GET', `${API.idCard.type}?nationality=usa`)).toMatchObject({
      status: 400,
      code: code('INVALID_PARAMETER'),
    });
  });
});

describe('identity verification', () => {
  it('needs a session', async () => {
    expect((await t.call('GET', API.idCard.info)).code).toBe(code('SESSION_EXPIRED'));
    expect((await t.post(API.idCard.insertPrimaryVerification, primary)).code).toBe(code('SESSION_EXPIRED'));
    expect((await t.post(API.idCard.insert, {})).code).toBe(code('SESSION_EXPIRED'));
  });

  it('goes real name → documents → pending → rejected with a reason → corrected → pending → verified, then is locked', async () => {
    const u = await registerByEmail(t);
    expect(await info(u.token)).toEqual({
      state: 'not_started',
      primary: null,
      documents: null,
      submittedAt: null,
      reviewedAt: null,
      rejection: null,
    });

    const first = await t.post<KycInfo>(API.idCard.insertPrimaryVerification, primary, { token: u.token });
    expect(first).toMatchObject({
      code: 0,
      data: {
        state: 'primary',
        primary: { documentType: 'passport', nationality: 'DE', realName: 'Erika Mustermann', idNumber: 'C01X00T47' },
        documents: null,
      },
    });

    const paths = await privatePhotos(u.token);
    t.clock.advance(1000);
    const submitted = await t.post<KycInfo>(API.idCard.insert, documents(paths), { token: u.token });
    expect(submitted).toMatchObject({
      code: 0,
      data: { state: 'pending', documents: documents(paths), submittedAt: t.clock.now().getTime(), reviewedAt: null },
    });
    // The photos stay readable by their owner only.
    const own = await t.app.inject({ method: 'GET', url: paths[0]!, headers: { token: u.token } });
    expect(own.statusCode).toBe(200);
    const other = await registerByEmail(t);
    const theirs = await t.app.inject({ method: 'GET', url: paths[0]!, headers: { token: other.token } });
    expect(theirs.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: paths[0]! })).statusCode).toBe(401);

    // Nothing changes while it is reviewed.
    expect(
      (await t.post(API.idCard.insertPrimaryVerification, { ...primary, realName: 'Someone Else' }, { token: u.token }))
        .code,
    ).toBe(code('KYC_UNDER_REVIEW'));
    expect((await t.post(API.idCard.insert, documents(await privatePhotos(u.token)), { token: u.token })).code).toBe(
      code('KYC_UNDER_REVIEW'),
    );

    const firstId = await latestSubmissionId(u.email);
    t.clock.advance(1000);
    expect(
      (
        await decide({
          id: firstId,
          verified: false,
          reason: 'details_mismatch',
          note: 'The name differs from the passport',
        })
      ).data,
    ).toMatchObject({
      decision: 'rejected',
      rejection: { reason: 'details_mismatch', note: 'The name differs from the passport' },
    });
    expect(await decide({ id: firstId, verified: true })).toMatchObject({
      status: 409,
      code: code('KYC_ALREADY_DECIDED'),
    });
    expect(await info(u.token)).toMatchObject({
      state: 'rejected',
      reviewedAt: t.clock.now().getTime(),
      rejection: { reason: 'details_mismatch', note: 'The name differs from the passport' },
    });

    // Corrected and submitted again.
    expect(
      (
        await t.post<KycInfo>(
          API.idCard.insertPrimaryVerification,
          { ...primary, realName: 'Erika Maria Mustermann' },
          { token: u.token },
        )
      ).data,
    ).toMatchObject({ state: 'primary', rejection: null, primary: { realName: 'Erika Maria Mustermann' } });
    const again = await privatePhotos(u.token);
    expect((await t.post<KycInfo>(API.idCard.insert, documents(again), { token: u.token })).data).toMatchObject({
      state: 'pending',
      documents: documents(again),
    });
    const secondId = await latestSubmissionId(u.email);
    expect(secondId).toBeGreaterThan(firstId);
    expect(await detail(secondId)).toMatchObject({
      realName: 'Erika Maria Mustermann',
      decision: 'pending',
      earlier: [{ id: firstId, decision: 'rejected', rejectReason: 'details_mismatch' }],
    });

    expect((await decide({ id: secondId, verified: true })).data).toMatchObject({
      decision: 'verified',
      rejection: null,
    });
    expect(await info(u.token)).toMatchObject({
      state: 'verified',
      rejection: null,
      primary: { realName: 'Erika Maria Mustermann' },
    });
    expect((await t.post(API.idCard.insertPrimaryVerification, primary, { token: u.token })).code).toBe(
      code('KYC_VERIFIED_LOCKED'),
    );
    expect((await t.post(API.idCard.insert, documents(again), { token: u.token })).code).toBe(
      code('KYC_VERIFIED_LOCKED'),
    );
    // The first decision and its reason are kept beside the second.
    expect(await detail(firstId)).toMatchObject({ decision: 'rejected', rejection: { reason: 'details_mismatch' } });
    // The user was told each time (the notifications issue shows them).
    const told = rowsOf(
      await t.ctx.db.execute(
        sql`SELECT kind, params FROM user_notifications WHERE user_id = ${await userIdByEmail(t, u.email)} ORDER BY id`,
      ),
    );
    expect(told).toEqual([
      { kind: 'kyc.rejected', params: { reason: 'details_mismatch', note: 'The name differs from the passport' } },
      { kind: 'kyc.verified', params: {} },
    ]);
  });

  it('refuses each bad input with its own error, and records nothing', async () => {
    const u = await registerByEmail(t);
    const post = (body: unknown) => t.post(API.idCard.insertPrimaryVerification, body, { token: u.token });
    const { realName: _omitted, ...noName } = primary;
    expect(await post(noName)).toMatchObject({ status: 400, code: code('FIELD_REQUIRED') });
    expect(await post({ ...primary, realName: '   ' })).toMatchObject({ status: 400, code: code('FIELD_REQUIRED') });
    expect(await post({ ...primary, nationality: 'ZZ' })).toMatchObject({
      status: 400,
      code: code('INVALID_PARAMETER'),
    });
    expect(await post({ ...primary, documentType: 'library_card' })).toMatchObject({
      status: 400,
      code: code('KYC_DOCUMENT_TYPE_INVALID'),
    });
    expect(await post({ ...primary, nationality: 'US', documentType: 'id_card' })).toMatchObject({
      status: 400,
      code: code('KYC_DOCUMENT_TYPE_INVALID'),
    });
    expect(await post({ ...primary, idNumber: 'A1' })).toMatchObject({ status: 400, code: code('INVALID_PARAMETER') });
    expect(await post({ ...primary, idNumber: '<script>' })).toMatchObject({
      status: 400,
      code: code('INVALID_PARAMETER'),
    });
    expect(await post({ ...primary, extra: 1 })).toMatchObject({ status: 400 });

    const paths = await privatePhotos(u.token);
    // Stage 2 before stage 1.
    expect(await t.post(API.idCard.insert, documents(paths), { token: u.token })).toMatchObject({
      status: 400,
      code: code('KYC_PRIMARY_REQUIRED'),
    });
    expect((await info(u.token)).state).toBe('not_started');

    expect((await post(primary)).code).toBe(0);
    const insert = (body: unknown) => t.post(API.idCard.insert, body, { token: u.token });
    // Fewer than three photos.
    expect(await insert({ frontImage: paths[0], backImage: paths[1] })).toMatchObject({
      status: 400,
      code: code('PHOTOS_TOO_FEW'),
    });
    expect(await insert({})).toMatchObject({ status: 400, code: code('PHOTOS_TOO_FEW') });
    // The same photo twice, someone else's photo, an avatar, an invented path.
    expect(await insert(documents([paths[0]!, paths[0]!, paths[2]!]))).toMatchObject({
      status: 400,
      code: code('KYC_IMAGE_INVALID'),
    });
    const other = await registerByEmail(t);
    const [othersPhoto] = await privatePhotos(other.token, 1);
    expect(await insert(documents([paths[0]!, paths[1]!, othersPhoto!]))).toMatchObject({
      status: 400,
      code: code('KYC_IMAGE_INVALID'),
    });
    const avatar = await uploadFile(
      t,
      u.token,
      { kind: 'avatar' },
      { name: 'a.png', type: 'image/png', data: photos[0]! },
    );
    expect(await insert(documents([paths[0]!, paths[1]!, avatar.data!.path]))).toMatchObject({
      status: 400,
      code: code('KYC_IMAGE_INVALID'),
    });
    expect(await insert(documents([paths[0]!, paths[1]!, `${API.common.file}/${'0'.repeat(32)}.png`]))).toMatchObject({
      status: 400,
      code: code('KYC_IMAGE_INVALID'),
    });
    expect(await insert(documents([paths[0]!, paths[1]!, '../../etc/passwd']))).toMatchObject({
      status: 400,
      code: code('KYC_IMAGE_INVALID'),
    });
    // A file that is not an image never becomes a photo to submit.
    const text = await uploadFile(
      t,
      u.token,
      { kind: 'private' },
      { name: 'id.png', type: 'image/png', data: Buffer.from('not an image at all') },
    );
    expect(text).toMatchObject({ status: 400, code: code('IMAGE_INVALID') });
    // Nor does one over the size limit (refused while it streams in).
    const huge = await uploadFile(
      t,
      u.token,
      { kind: 'private' },
      { name: 'id.png', type: 'image/png', data: Buffer.concat([photos[0]!, Buffer.alloc(IMAGE_MAX_BYTES)]) },
    );
    expect(huge).toMatchObject({ code: code('IMAGE_TOO_LARGE') });
    expect(await info(u.token)).toMatchObject({ state: 'primary', documents: null });
  });

  it('takes one of many concurrent submissions; the others are told it is under review', async () => {
    const u = await registerByEmail(t);
    expect((await t.post(API.idCard.insertPrimaryVerification, primary, { token: u.token })).code).toBe(0);
    const sets = await Promise.all(Array.from({ length: 8 }, () => privatePhotos(u.token)));
    const answers = await Promise.all(
      sets.map((paths) => t.post(API.idCard.insert, documents(paths), { token: u.token })),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === code('KYC_UNDER_REVIEW'))).toHaveLength(sets.length - 1);
    const userId = await userIdByEmail(t, u.email);
    expect(
      rowsOf(await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM kyc_submissions WHERE user_id = ${userId}`))[0]!
        .n,
    ).toBe(1);
  });

  it('shows a reviewer the other accounts that gave the same ID number, however it was written', async () => {
    const a = await registerByEmail(t);
    const b = await registerByEmail(t);
    const c = await registerByEmail(t);
    const dupe = 'GX-7731 2290';
    expect(
      (await t.post(API.idCard.insertPrimaryVerification, { ...primary, idNumber: dupe }, { token: a.token })).code,
    ).toBe(0);
    expect(
      (await t.post(API.idCard.insertPrimaryVerification, { ...primary, idNumber: 'gx77312290' }, { token: b.token }))
        .code,
    ).toBe(0);
    // The same number from another country is another document.
    expect(
      (
        await t.post(
          API.idCard.insertPrimaryVerification,
          { ...primary, nationality: 'FR', idNumber: dupe },
          { token: c.token },
        )
      ).code,
    ).toBe(0);
    expect((await t.post(API.idCard.insert, documents(await privatePhotos(b.token)), { token: b.token })).code).toBe(0);
    const view = await detail(await latestSubmissionId(b.email));
    expect(view.sameIdNumber).toEqual([a.user.uid]);
    const queue = (await t.call<KycQueue>('GET', ADMIN_API.kyc.queue, undefined, { token: reviewer })).data;
    expect(queue.items.find((i) => i.id === view.id)).toMatchObject({
      uid: b.user.uid,
      sameIdNumber: 1,
      decision: 'pending',
    });
  });

  it('lets only compliance read a submission and its photos, and records every read and every refusal', async () => {
    const u = await registerByEmail(t);
    expect((await t.post(API.idCard.insertPrimaryVerification, primary, { token: u.token })).code).toBe(0);
    expect((await t.post(API.idCard.insert, documents(await privatePhotos(u.token)), { token: u.token })).code).toBe(0);
    const id = await latestSubmissionId(u.email);
    const auditOf = async (action: string) =>
      rowsOf(
        await t.ctx.db.execute(sql`SELECT operator_email, role, after FROM audit_log
      WHERE action = ${action} AND (target_id = ${String(id)} OR target_id IS NULL) ORDER BY id`),
      );

    const photo = await t.app.inject({
      method: 'GET',
      url: `${ADMIN_API.kyc.photo}?id=${id}&slot=selfie`,
      headers: { token: reviewer },
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['cache-control']).toBe('no-store');
    expect(await sharp(photo.rawPayload).metadata()).toMatchObject({ format: 'png', width: 60, height: 40 });
    await detail(id);
    expect((await auditOf('kyc.photo.read')).map((r) => r.after)).toEqual([{ slot: 'selfie' }]);
    expect(await auditOf('kyc.read')).toHaveLength(1);

    // The user's own token, a support operator, and no token: none gets the photo or the decision.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `${ADMIN_API.kyc.photo}?id=${id}&slot=front`,
          headers: { token: u.token },
        })
      ).statusCode,
    ).toBe(401);
    const support = await operatorLogin(t, await createOperator(t, 'support'));
    const refused = await t.app.inject({
      method: 'GET',
      url: `${ADMIN_API.kyc.photo}?id=${id}&slot=front`,
      headers: { token: support },
    });
    expect(refused.json()).toMatchObject({ code: code('OPERATOR_ROLE_FORBIDDEN') });
    expect(await decide({ id, verified: true }, support)).toMatchObject({
      status: 403,
      code: code('OPERATOR_ROLE_FORBIDDEN'),
    });
    const forbidden = rowsOf(
      await t.ctx.db.execute(
        sql`SELECT role, after FROM audit_log WHERE action = 'access.forbidden' ORDER BY id DESC LIMIT 2`,
      ),
    );
    expect(forbidden).toEqual([
      { role: 'support', after: { method: 'POST', path: ADMIN_API.kyc.decide } },
      { role: 'support', after: { method: 'GET', path: ADMIN_API.kyc.photo } },
    ]);
    expect(await auditOf('kyc.photo.read')).toHaveLength(1);
    expect(await info(u.token)).toMatchObject({ state: 'pending' });

    // A rejection needs its reason; the decision is recorded with what it changed.
    expect(await decide({ id, verified: false })).toMatchObject({ status: 400, code: code('FIELD_REQUIRED') });
    expect((await decide({ id, verified: false, reason: 'selfie_mismatch' })).code).toBe(0);
    expect((await auditOf('kyc.decide')).map((r) => r.after)).toEqual([
      { decision: 'rejected', reason: 'selfie_mismatch', note: null },
    ]);
    expect(await info(u.token)).toMatchObject({
      state: 'rejected',
      rejection: { reason: 'selfie_mismatch', note: null },
    });
  });

  it('takes one of many concurrent decisions on a submission', async () => {
    const u = await registerByEmail(t);
    expect((await t.post(API.idCard.insertPrimaryVerification, primary, { token: u.token })).code).toBe(0);
    expect((await t.post(API.idCard.insert, documents(await privatePhotos(u.token)), { token: u.token })).code).toBe(0);
    const id = await latestSubmissionId(u.email);
    const second = await operatorLogin(t, await createOperator(t, 'compliance'));
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        decide(i % 2 ? { id, verified: true } : { id, verified: false, reason: 'other' }, i % 3 ? reviewer : second),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === code('KYC_ALREADY_DECIDED'))).toHaveLength(5);
    const userId = await userIdByEmail(t, u.email);
    expect(
      rowsOf(
        await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM user_notifications WHERE user_id = ${userId}`),
      )[0]!.n,
    ).toBe(1);
  });
});
