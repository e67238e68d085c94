/** Identity verification (docs/product.md §2 "KYC verification"): both stages in the mobile and desktop layouts, up to the review. */
import assert from 'node:assert/strict';
import type { KycInfo } from '@app/contract';
import type { Locator, Page } from 'playwright-core';
import { desktopContext } from '../harness/browser';
import {
  type ApiReply,
  type Journey,
  type JourneyContext,
  type Server,
  DESKTOP,
  expectAccessible,
  loggedInContext,
  newPage,
  registerViaApi,
  shot,
  uniqueEmail,
  waitForPath,
} from '../harness';
import { createOperatorWithCli, freshTotp, signInOperator } from '../harness/operators';
import { png } from '../harness/png';
import { endOwnServer, startServer } from '../harness/server';

const PHOTOS: [label: string, image: Buffer<ArrayBuffer>][] = [
  ['Front of the document', png(200, 40, 90)],
  ['Back of the document', png(30, 120, 200)],
  ['Selfie holding the document', png(240, 200, 60)],
];

async function kycInfo(server: Server, token: string): Promise<KycInfo> {
  const res = await fetch(`${server.baseUrl}/asset/api/idCard/info`, { headers: { token, lang: 'en' } });
  return ((await res.json()) as ApiReply<KycInfo>).data;
}

/** Fills stage 1: Germany, passport, a name and a number. */
async function fillRealName(scope: Page | Locator) {
  await scope.getByLabel('Nationality').selectOption('DE');
  await scope.getByLabel('Document type').selectOption('passport');
  await scope.getByLabel('Real name').fill('Erika Mustermann');
  await scope.getByLabel('ID number').fill('C01X00T47');
}

/** The photo tiles side by side are one height, whatever their label, picture, state or error. */
async function expectEvenTiles(page: Page, when: string) {
  const tiles = await page.locator('.kyc-photo__tile').evaluateAll((els) =>
    els.map((el) => ({
      top: Math.round(el.getBoundingClientRect().top),
      height: Math.round(el.getBoundingClientRect().height),
    })),
  );
  assert.equal(tiles.length, 3, `${when}: ${tiles.length} photo tiles`);
  const row = tiles.filter((t) => t.top === tiles[0]?.top);
  assert(row.length > 1, `${when}: the tiles are not side by side`);
  assert.equal(
    new Set(row.map((t) => t.height)).size,
    1,
    `${when}: tiles ${row.map((t) => t.height).join(', ')} px high`,
  );
}

/** Chooses the three photos and waits until each is uploaded. */
async function addPhotos(scope: Page | Locator) {
  for (const [label, buffer] of PHOTOS) {
    await scope.getByLabel(new RegExp(label)).setInputFiles({ name: `${label}.png`, mimeType: 'image/png', buffer });
  }
  await scope.getByText('Photo ready').nth(2).waitFor();
  // The submit button is disabled while an upload runs: wait until it is usable (axe judges a
  // button that is changing state by its half-way colours).
  const submit = scope.getByRole('button', { name: 'Submit for review' });
  await submit.waitFor();
  for (let i = 0; i < 50 && !(await submit.isEnabled()); i++) await new Promise((r) => setTimeout(r, 100));
  assert(await submit.isEnabled(), 'the submit button stays disabled after the uploads');
}

async function mobileKyc({ browser, server }: JourneyContext) {
  const login = await registerViaApi(server, uniqueEmail('kyc'));
  const context = await loggedInContext(browser, login);
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}/pages/profile/index`);
  const entry = page.getByRole('link', { name: /Identity verification/ });
  await entry.getByText('Not verified').waitFor();
  await entry.click();
  await waitForPath(page, '/pages/profile/kyc-verification/index');
  await page.getByText('Verify your identity in two steps').waitFor();
  // Step 2 is not open before step 1.
  assert.equal(await page.getByRole('link', { name: /Step 2/ }).count(), 0);
  await expectAccessible(page, 'kyc index (not started)');

  await page.getByRole('link', { name: /Step 1/ }).click();
  await waitForPath(page, '/pages/profile/kyc-verification/real-name-auth');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByText('Choose your nationality', { exact: true }).last().waitFor();
  await fillRealName(page);
  await page.getByLabel('ID number').fill('A1');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByText('3 to 40 letters, digits, spaces and hyphens.').first().waitFor();
  await page.getByLabel('ID number').fill('C01X00T47');
  await expectAccessible(page, 'kyc real name');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await waitForPath(page, '/pages/profile/kyc-verification/advance-auth');

  // All three photos are needed.
  await page.getByRole('button', { name: 'Submit for review' }).click();
  assert.equal(await page.getByText('Please add this photo').count(), 3);
  await expectEvenTiles(page, 'phone, photos missing');
  await addPhotos(page);
  assert.equal(await page.locator('.kyc-photo__preview').count(), 3, 'each chosen photo shows');
  await expectEvenTiles(page, 'phone, photos chosen');
  await expectAccessible(page, 'kyc documents');
  await shot(page, 'kyc-documents');
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await waitForPath(page, '/pages/profile/kyc-verification/index');
  await page.getByText('Under review').first().waitFor();
  await page.getByText('We are reviewing your documents').waitFor();
  // Nothing can be edited while it is reviewed.
  assert.equal(await page.getByRole('link', { name: /Step 1|Step 2/ }).count(), 0);
  await expectAccessible(page, 'kyc index (pending)');

  const info = await kycInfo(server, login.token);
  assert.equal(info.state, 'pending');
  assert.deepEqual(info.primary, {
    documentType: 'passport',
    nationality: 'DE',
    realName: 'Erika Mustermann',
    idNumber: 'C01X00T47',
  });
  // The photos are the user's only: without the session they are not served.
  assert(info.documents, 'the KYC info has no documents');
  const photo = await fetch(`${server.baseUrl}${info.documents.frontImage}`);
  assert.equal(photo.status, 401);
  await page.goto(`${server.baseUrl}/pages/profile/index`);
  await page
    .getByRole('link', { name: /Identity verification/ })
    .getByText('Under review')
    .waitFor();
  await context.close();
}

async function desktopKyc({ browser, server }: JourneyContext) {
  const login = await registerViaApi(server, uniqueEmail('kyc-desk'));
  const context = await desktopContext(browser, { login });
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}/pages/desktop/settings/account`);
  await page.getByText('Not verified').waitFor();
  await page.getByRole('link', { name: 'Identity verification' }).click();
  await waitForPath(page, '/pages/desktop/kyc/index');
  const primary = page.getByRole('region', { name: 'Step 1: real name' });
  const documents = page.getByRole('region', { name: 'Step 2: documents' });
  await documents.getByText('Complete step 1 first.').waitFor();
  await expectAccessible(page, 'desktop kyc (not started)');

  await fillRealName(primary);
  await primary.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByText('Real name saved').first().waitFor();
  await addPhotos(documents);
  await expectEvenTiles(page, 'desktop, photos chosen');
  await expectAccessible(page, 'desktop kyc (photos chosen)');
  await shot(page, 'kyc-desktop');
  await documents.getByRole('button', { name: 'Submit for review' }).click();
  await page.getByRole('region', { name: 'Identity verification' }).getByText('Under review').waitFor();
  // The status card says the sentence; the step cards say where each step stands, without repeating it.
  await documents.getByText('Submitted, under review').waitFor();
  await primary.getByText('Submitted, under review').waitFor();
  assert.equal(await page.getByText('We are reviewing your documents and will tell you the result.').count(), 1);
  assert.equal(await page.getByRole('button', { name: /Save and continue|Submit for review/ }).count(), 0);
  assert.equal((await kycInfo(server, login.token)).state, 'pending');
  await expectAccessible(page, 'desktop kyc (pending)');
  await context.close();
}

/** Both stages through the API (the journeys above drive the screens): real name, three private photos, submitted. */
async function submitViaApi(server: Server, token: string, realName: string) {
  const post = async (path: string, body: unknown) =>
    (await (
      await fetch(`${server.baseUrl}${path}`, {
        method: 'POST',
        headers: { token, 'content-type': 'application/json', lang: 'en' },
        body: JSON.stringify(body),
      })
    ).json()) as ApiReply;
  assert.equal(
    (
      await post('/asset/api/idCard/insertPrimaryVerification', {
        documentType: 'passport',
        nationality: 'DE',
        realName,
        idNumber: 'C01X00T47',
      })
    ).code,
    0,
  );
  const paths: string[] = [];
  for (const [label, buffer] of PHOTOS) {
    const form = new FormData();
    form.append('kind', 'private');
    form.append('file', new Blob([buffer], { type: 'image/png' }), `${label}.png`);
    const up = (await (
      await fetch(`${server.baseUrl}/asset/api/common/upload`, { method: 'POST', headers: { token }, body: form })
    ).json()) as ApiReply<{ path: string }>;
    assert.equal(up.code, 0, JSON.stringify(up));
    paths.push(up.data.path);
  }
  const [frontImage, backImage, selfieImage] = paths;
  assert.equal((await post('/asset/api/idCard/insert', { frontImage, backImage, selfieImage })).code, 0);
}

/**
 * The review (issue 16): a compliance operator, made with the ops CLI, signs in to the back office
 * with an authenticator code, opens the queue, looks at each submission's photos (one enlarged),
 * verifies one and rejects the other with a reason and a note. The first user sees "Verified" on
 * the phone; the second sees the reason on the desktop page, sends new photos from it, is verified
 * and sees "Verified" there.
 */
async function reviewed({ browser }: JourneyContext) {
  const reviewer = { email: 'kyc.reviewer@example.com', password: 'kyc-reviewer-pass-1', role: 'compliance' };
  // Assigned in `before`, which startServer awaits.
  let secret!: string;
  const server = await startServer({
    before: async (env) => {
      ({ secret } = await createOperatorWithCli(env, reviewer));
    },
  });
  const office = await browser.newContext({ viewport: DESKTOP });
  const contexts = [office];
  try {
    const anna = await registerViaApi(server, uniqueEmail('kyc-anna'));
    const ben = await registerViaApi(server, uniqueEmail('kyc-ben'));
    await submitViaApi(server, anna.token, 'Anna Schmidt');
    await submitViaApi(server, ben.token, 'Ben Weber');

    const page = await newPage(office);
    await signInOperator(page, server.baseUrl, reviewer, (await freshTotp(secret)).code);
    // The dashboard: the two submissions wait in the reviewer's queue.
    await page.waitForURL(/\/admin\/dashboard$/);
    const card = page.getByTestId('queue-kyc');
    await card.getByText('2 submissions awaiting review').waitFor();
    await card.getByText(/^Oldest waiting \d+ s, since /).waitFor();
    await expectAccessible(page, 'back office: dashboard');
    await shot(page, 'admin-dashboard');
    await card.getByRole('link', { name: 'KYC queue' }).click();
    await page.waitForURL(/\/admin\/kyc$/);
    const queue = page.getByRole('table');
    await queue.getByRole('link', { name: 'Ben Weber' }).waitFor();
    // Oldest first; the same ID number under the same nationality is flagged on both.
    assert.deepEqual(await queue.getByRole('link').allTextContents(), ['Anna Schmidt', 'Ben Weber']);
    await queue.getByText('1 other account').first().waitFor();
    await expectAccessible(page, 'back office: KYC queue');

    await queue.getByRole('link', { name: 'Anna Schmidt' }).click();
    await page.getByRole('heading', { name: /^Submission / }).waitFor();
    for (const label of ['Front', 'Back', 'Selfie with the document'])
      await page.getByRole('img', { name: label, exact: true }).waitFor();
    await page.getByRole('note').filter({ hasText: ben.user.uid }).waitFor();
    const enlarge = page.getByRole('button', { name: 'Front: enlarge' });
    await enlarge.click();
    await page.getByRole('button', { name: 'Front: show smaller' }).waitFor();
    await expectAccessible(page, 'back office: a submission');
    await shot(page, 'admin-kyc-review');
    // Verifying is confirmed first, with what it does.
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(/^Verify: Anna Schmidt \(user \d+\) becomes verified/).waitFor();
    await page.getByRole('button', { name: 'Confirm: verify Anna Schmidt' }).click();
    await page.getByText(/^Decided .*: verified$/).waitFor();

    await page.getByRole('link', { name: '← KYC queue' }).click();
    await page.getByRole('table').getByRole('link', { name: 'Ben Weber' }).click();
    await page.getByRole('button', { name: 'Reject' }).click();
    await page.getByRole('alert').filter({ hasText: 'Choose a reason to reject.' }).waitFor();
    // antd's Select (a combobox and its listbox), not a native <select>: opened, then the option chosen.
    await page.getByLabel('Reason').click();
    await page.getByRole('option', { name: 'The selfie does not match the document', exact: true }).click();
    await page.getByLabel('Note to the user (optional)').fill('Please hold the passport next to your face.');
    await page.getByRole('button', { name: 'Reject' }).click();
    await page.getByText(/^Decided .*: rejected/).waitFor();
    await page.getByRole('link', { name: '← KYC queue' }).click();
    await page.getByText('Nothing awaits review.').waitFor();
    // Each photo view and each decision is in the audit log.
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('cell', { name: 'kyc.decide', exact: true }).first().waitFor();
    assert.equal(await page.getByRole('cell', { name: 'kyc.photo.read', exact: true }).count(), 6);

    // Anna, on the phone: verified, nothing to edit.
    const phone = await loggedInContext(browser, anna);
    contexts.push(phone);
    const mobile = await newPage(phone);
    await mobile.goto(`${server.baseUrl}/pages/profile/kyc-verification/index`);
    await mobile.getByText('Verified', { exact: true }).waitFor();
    await mobile.getByText('Your identity is verified.', { exact: false }).waitFor();
    assert.equal(await mobile.getByRole('link', { name: /Step 1|Step 2/ }).count(), 0);
    await expectAccessible(mobile, 'kyc index (verified)');

    // Ben, on the desktop: the reason and the note, and the forms open again.
    const desk = await loggedInContext(browser, ben, DESKTOP);
    contexts.push(desk);
    const desktop = await newPage(desk);
    await desktop.goto(`${server.baseUrl}/pages/desktop/kyc/index`);
    await desktop.getByText('The selfie does not match the document').waitFor();
    await desktop.getByText('Please hold the passport next to your face.').waitFor();
    await desktop.getByRole('button', { name: 'Submit for review' }).waitFor();
    await expectAccessible(desktop, 'desktop kyc (rejected)');

    // Ben sends new photos from the desktop page; the reviewer verifies them; the page says so.
    const documents = desktop.getByRole('region', { name: 'Step 2: documents' });
    await addPhotos(documents);
    await documents.getByRole('button', { name: 'Submit for review' }).click();
    await documents.getByText('Submitted, under review').waitFor();
    await page.getByRole('link', { name: 'KYC queue' }).click();
    await page.getByRole('table').getByRole('link', { name: 'Ben Weber' }).click();
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('button', { name: 'Confirm: verify Ben Weber' }).click();
    await page.getByText(/^Decided .*: verified$/).waitFor();
    await desktop.reload();
    await desktop
      .getByRole('region', { name: 'Identity verification' })
      .getByText('Verified', { exact: true })
      .waitFor();
    await desktop.getByText('Your identity is verified.', { exact: false }).first().waitFor();
    assert.equal(await desktop.getByRole('button', { name: /Save and continue|Submit for review/ }).count(), 0);
    await expectAccessible(desktop, 'desktop kyc (verified)');
  } finally {
    for (const c of contexts) await c.close();
    await endOwnServer(server);
  }
}

export const journeys: Journey[] = [
  {
    name: 'kyc (mobile): real name, three photos, submitted for review; nothing editable meanwhile; the profile shows the state',
    fn: mobileKyc,
  },
  { name: 'kyc (desktop): both stages on one page, submitted for review', fn: desktopKyc },
  {
    name: 'kyc review: a compliance operator verifies one submission and rejects another in the back office; the users see it on the phone and the desktop, where the rejected one submits again and is verified',
    fn: reviewed,
    slow: true,
  },
];
