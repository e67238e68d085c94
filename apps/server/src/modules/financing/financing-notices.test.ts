import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  assetOf,
  parseAmount,
  renderNotice,
  type FinancingEstimate,
  type FinancingProduct,
  type FinancingSubscription,
} from '@app/contract';
import { rowsOf } from '../../db/client';
import { createTestApp, registerByEmail, userIdByEmail, type TestApp } from '../../../test/harness';
import { creditBackStage } from '../deposits';

const usdt = assetOf('USDT')!;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { OTP_DAILY_PER_IP: '10000', AUTH_RATE_LIMIT_PER_MINUTE: '100000', SCRYPT_COST: '1024' },
  });
});
afterAll(() => t.close());

const notices = async (userId: number) =>
  rowsOf(
    await t.ctx.db.execute(sql`SELECT kind, params FROM user_notifications WHERE user_id = ${userId} ORDER BY id`),
  ) as unknown as { kind: string; params: Record<string, unknown> }[];

describe('financing maturity notifications', () => {
  it('tells the user once that a subscription matured, with principal and interest', async () => {
    const u = await registerByEmail(t);
    const userId = await userIdByEmail(t, u.email);
    const opts = { token: u.token, headers: { typeUser: 'real' } };
    await creditBackStage(t.money, {
      userId,
      asset: usdt,
      amount: parseAmount('1000', usdt.scale)!,
      note: null,
      operator: 'test',
    });
    expect(
      (
        await t.post(
          API.account.transferAsset,
          { fromAccount: 'currency', toAccount: 'financing', asset: 'USDT', amount: '1000' },
          opts,
        )
      ).code,
    ).toBe(0);
    const product = (await t.call<FinancingProduct[]>('GET', API.product.productList)).data.find(
      (p) => p.name === 'USDT 7 days',
    )!;
    const est = await t.call<FinancingEstimate>(
      'GET',
      `${API.product.estimatedAmount}?productId=${product.id}&days=7&amount=500`,
      undefined,
      opts,
    );
    expect(est.code, est.msg).toBe(0);
    const sub = await t.call<FinancingSubscription>(
      'GET',
      `${API.product.buyFinanceProduct}?token=${encodeURIComponent(est.data.token)}`,
      undefined,
      { ...opts, headers: { ...opts.headers, 'idempotency-key': crypto.randomUUID() } },
    );
    expect(sub.code, sub.msg).toBe(0);

    await t.app.financing.runOnce();
    expect(await notices(userId)).toEqual([]);
    t.clock.advance(est.data.maturesAt - t.clock.now().getTime());
    await t.app.financing.runOnce();
    await t.app.financing.runOnce();
    const rows = await notices(userId);
    expect(rows).toEqual([
      {
        kind: 'financing.matured',
        params: {
          id: sub.data.id,
          // The product's names by language: the notice reads in its reader's.
          product: {
            en: 'USDT 7 days',
            de: 'USDT 7 Tage',
            fr: 'USDT 7 jours',
            it: 'USDT 7 giorni',
            ja: 'USDT 7日間',
            ko: 'USDT 7일',
            zh: 'USDT 7天',
            'zh-HK': 'USDT 7天',
          },
          principal: '500.000000',
          interest: est.data.interest,
          currency: 'USDT',
          mode: 'real',
        },
      },
    ]);
    expect(renderNotice(rows[0]!.kind, rows[0]!.params, 'en')).toEqual({
      title: 'Financing matured',
      body: `USDT 7 days has matured: 500.000000 USDT principal and ${est.data.interest} USDT interest have been paid to your financing account.`,
      link: '/pages/manage-account/components/history-financing',
    });
    expect(renderNotice(rows[0]!.kind, rows[0]!.params, 'ja').title).toBe('資産運用が満期になりました');
    expect(renderNotice(rows[0]!.kind, rows[0]!.params, 'ja').body).toMatch(/^USDT 7日間 が満期になりました/);
  });
});
