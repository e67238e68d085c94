import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_API,
  API,
  assetOf,
  parseAmount,
  renderNotice,
  type WithdrawAddress,
  type WithdrawQuote,
  type Withdrawal,
} from '@app/contract';
import { rowsOf } from '../../db/client';
import { createTestApp, registerByEmail, userIdByEmail, type TestApp } from '../../../test/harness';
import { createOperator, operatorLogin } from '../../../test/operators';
import { creditBackStage } from '../deposits';
import { signerRepo } from './signer-repository';

const FUND = 'fund-pass-1';
const usdt = assetOf('USDT')!;
const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const HASH = `0x${'ab'.repeat(32)}`;

let t: TestApp;
let finance: string;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      OTP_DAILY_PER_IP: '10000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      SCRYPT_COST: '1024',
      WITHDRAW_ADDRESS_HOLD_HOURS: '0',
      WITHDRAW_FEE_FREE_MONTHS: '0',
      ETHEREUM_RPC_URL: 'http://127.0.0.1:9',
      WITHDRAW_HOT_KEY_EVM: `0x${'11'.repeat(32)}`,
    },
  });
  finance = await operatorLogin(t, await createOperator(t, 'finance'));
});
afterAll(() => t.close());

const notices = async (userId: number) =>
  rowsOf(
    await t.ctx.db.execute(
      sql`SELECT kind, params FROM user_notifications WHERE user_id = ${userId} AND kind LIKE 'withdraw%' ORDER BY id`,
    ),
  ) as unknown as { kind: string; params: Record<string, unknown> }[];

describe('withdrawal notifications', () => {
  it('tells of the new address, the approval, the sending and the completion, once each', async () => {
    const u = await registerByEmail(t);
    const userId = await userIdByEmail(t, u.email);
    const o = { token: u.token };
    expect((await t.post(API.user.setFundPassword, { fundPassword: FUND, confirmFundPassword: FUND }, o)).code).toBe(0);
    await creditBackStage(t.money, {
      userId,
      asset: usdt,
      amount: parseAmount('1000', usdt.scale)!,
      note: null,
      operator: 'test',
    });
    const saved = await t.post<WithdrawAddress>(
      API.currencyAddress.insert,
      { currency: 'USDT', chainType: 'ethereum', address: ETH_ADDRESS, fundPassword: FUND },
      o,
    );
    expect(saved.code, saved.msg).toBe(0);
    const added = await notices(userId);
    expect(added.map((n) => n.kind)).toEqual(['withdraw_address.added']);
    expect(renderNotice('withdraw_address.added', added[0]!.params, 'en').body).toContain(
      `A USDT address on Ethereum (ERC20) was added to your address book: ${ETH_ADDRESS}.`,
    );
    expect(renderNotice('withdraw_address.added', added[0]!.params, 'ko').title).toBe('새 출금 주소');

    // 300 USDT waits for an operator's review.
    const quote = await t.post<WithdrawQuote>(
      API.userWithdraw.create,
      { currency: 'USDT', chainType: 'ethereum', addressId: saved.data.id, amount: '300' },
      o,
    );
    expect(quote.code, quote.msg).toBe(0);
    const w = await t.post<Withdrawal>(
      API.userWithdraw.confirm,
      { quoteId: quote.data.quoteId, fundPassword: FUND },
      o,
    );
    expect(w.data.state).toBe('processing');
    const id = Number(
      rowsOf(await t.ctx.db.execute(sql`SELECT id FROM withdrawals WHERE public_id = ${w.data.id}`))[0]!.id,
    );
    expect((await t.post(ADMIN_API.withdrawals.decide, { id, approve: true }, { token: finance })).code).toBe(0);
    await t.ctx.db.transaction((tx) => signerRepo.markBroadcast(tx, id, HASH, t.clock.now()));
    await t.ctx.db.transaction((tx) => signerRepo.markBroadcast(tx, id, HASH, t.clock.now())); // no longer approved: nothing
    await t.app.withdrawals.complete(id, HASH, 12);
    await t.app.withdrawals.complete(id, HASH, 13);

    const rows = (await notices(userId)).slice(1);
    expect(rows.map((n) => n.kind)).toEqual(['withdrawal.approved', 'withdrawal.broadcast', 'withdrawal.completed']);
    expect(rows[0]!.params).toEqual({ id: w.data.id, currency: 'USDT', amount: '300.000000' });
    expect(rows[1]!.params).toEqual({ id: w.data.id, currency: 'USDT', amount: '300.000000', txHash: HASH });
    expect(rows[2]!.params).toMatchObject({ id: w.data.id, currency: 'USDT', amount: '300.000000', txHash: HASH });
    expect(renderNotice('withdrawal.approved', rows[0]!.params, 'en').body).toBe(
      'Your withdrawal of 300.000000 USDT has been approved and will be sent shortly.',
    );
    expect(renderNotice('withdrawal.approved', rows[0]!.params, 'de').body).toBe(
      'Ihre Auszahlung von 300.000000 USDT wurde genehmigt und wird in Kürze gesendet.',
    );
    expect(renderNotice('withdrawal.broadcast', rows[1]!.params, 'en').body).toBe(
      `Your withdrawal of 300.000000 USDT has been sent to the network and is waiting for confirmations. Transaction: ${HASH}`,
    );
    expect(renderNotice('withdrawal.broadcast', rows[1]!.params, 'zh').title).toBe('提现已发出');
    const receive = String(rows[2]!.params['receive']);
    expect(renderNotice('withdrawal.completed', rows[2]!.params, 'en').body).toBe(
      `Your withdrawal of 300.000000 USDT is complete: ${receive} USDT reached the address. Transaction: ${HASH}`,
    );
    expect(renderNotice('withdrawal.completed', rows[2]!.params, 'fr').title).toBe('Retrait terminé');
  });

  it("words a rejection and a cancellation in the reader's language", () => {
    const rejected = {
      id: 'x',
      currency: 'USDT',
      amount: '300.000000',
      reason: 'address_risk',
      note: 'Please call us',
    };
    expect(renderNotice('withdrawal.rejected', rejected, 'en').body).toBe(
      'Your withdrawal of 300.000000 USDT was rejected: the address is flagged as risky. Note: Please call us. The amount is back in your balance.',
    );
    expect(renderNotice('withdrawal.rejected', rejected, 'ja').body).toBe(
      '300.000000 USDT の出金は却下されました：アドレスにリスクがあります。備考：Please call us。金額は残高に戻りました。',
    );
    expect(
      renderNotice('withdrawal.cancelled', { id: 'x', currency: 'USDT', amount: '5.000000', note: null }, 'it').body,
    ).toBe("Il tuo prelievo di 5.000000 USDT è stato annullato. L'importo è tornato nel tuo saldo.");
  });
});
