import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ASSETS,
  AccountChangeQuery,
  AccountChangeResponse,
  AccountListResponse,
  AccountSwitchBody,
  AssetListResponse,
  Ok,
  TransferBody,
  TransferLogQuery,
  TransferLogResponse,
  TransferResponse,
  UserInfoResponse,
  ValidAssetQuery,
  ValidAssetResponse,
  AmountByAccountQuery,
  AmountByAccountResponse,
  QueryUserBalanceBody,
  UserAssetDataResponse,
} from '@app/contract';
import { schema } from '../../lib/route';
import { sendText, serializedText } from '../../plugins/envelope';
import { authOf, moneyRequestOf } from '../../plugins/session';
import { AccountListText } from './account-list';
import type { WalletService } from './service';
import type { ValuationService } from './valuation';

const tags = ['account'];
const ASSET_LIST = ASSETS.map((a) => ({ ...a, icon: `/coins/${a.symbol.toLowerCase()}.svg` }));

/** Wallets, transfers and statements (docs/product.md §7 "Accounts, assets"). `typeUser` picks the ledger. */
export const walletRoutes: FastifyPluginAsync<{ wallet: WalletService; valuation: ValuationService }> = async (
  base,
  { wallet, valuation },
) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/asset/api/asset/list',
    {
      schema: schema({ tags, summary: 'The coins: symbol, name, decimals, icon', response: AssetListResponse }),
    },
    async (_req, reply) => reply.ok(ASSET_LIST),
  );

  /** `account/list` as text: the same bytes `reply.ok` would send, the balances filled into a template built once per mode. */
  const accountList = new AccountListText();

  app.register(async (authed) => {
    const r = authed.withTypeProvider<TypeBoxTypeProvider>();

    r.post(
      '/asset/api/account/accountSwitch',
      {
        schema: schema({
          tags,
          summary: 'Switch between the real and the demo account',
          body: AccountSwitchBody,
          response: UserInfoResponse,
          auth: true,
        }),
      },
      async (req, reply) => {
        return reply.ok(await wallet.switchMode(authOf(req).user.id, req.body.typeUser));
      },
    );

    r.post(
      '/asset/api/account/list',
      {
        schema: schema({
          tags,
          summary: 'Currency, option and financing accounts with available and frozen balances',
          response: AccountListResponse,
          auth: true,
        }),
      },
      async (req, reply) => {
        const rows = await wallet.balances(authOf(req).user.id, req.typeUser);
        return sendText(
          reply,
          accountList.text(req.typeUser, rows, (body) => serializedText(reply, body)),
        );
      },
    );

    r.get(
      '/asset/api/account/getValidAssetById',
      {
        schema: schema({
          tags,
          summary: 'Available and frozen balance of one coin in one account',
          querystring: ValidAssetQuery,
          response: ValidAssetResponse,
          auth: true,
        }),
      },
      async (req, reply) =>
        reply.ok(await wallet.validAsset(authOf(req).user.id, req.typeUser, req.query.wallet, req.query.asset)),
    );

    r.post(
      '/asset/api/account/transferAsset',
      {
        schema: schema({
          tags,
          summary: 'Move a coin between your own accounts (Idempotency-Key accepted)',
          body: TransferBody,
          response: TransferResponse,
          auth: true,
        }),
      },
      async (req, reply) => reply.ok(await wallet.transfer(moneyRequestOf(req), req.body)),
    );

    r.get(
      '/asset/api/account/getTransferLog',
      {
        schema: schema({
          tags,
          summary: 'Transfer records, newest first',
          querystring: TransferLogQuery,
          response: TransferLogResponse,
          auth: true,
        }),
      },
      async (req, reply) =>
        reply.ok(
          await wallet.transferLog(authOf(req).user.id, req.typeUser, req.query.page ?? 1, req.query.size ?? 20),
        ),
    );

    r.get(
      '/asset/api/accountchange/list',
      {
        schema: schema({
          tags,
          summary: 'Every balance change, newest first',
          querystring: AccountChangeQuery,
          response: AccountChangeResponse,
          auth: true,
        }),
      },
      async (req, reply) => {
        const { page = 1, size = 20, wallet: w, asset } = req.query;
        return reply.ok(
          await wallet.changes(authOf(req).user.id, req.typeUser, req.lang, { page, size, wallet: w, asset }),
        );
      },
    );

    r.get(
      '/asset/api/account/userAssetData',
      {
        schema: schema({
          tags,
          summary: 'Every account with balances valued in USDT at current prices, and the total',
          response: UserAssetDataResponse,
          auth: true,
        }),
      },
      async (req, reply) => reply.ok(await valuation.userAssetData(authOf(req).user.id, req.typeUser)),
    );

    r.get(
      '/asset/api/asset/amountByAccountByType',
      {
        schema: schema({
          tags,
          summary: 'One account (currency, option or financing) valued in USDT',
          querystring: AmountByAccountQuery,
          response: AmountByAccountResponse,
          auth: true,
        }),
      },
      async (req, reply) => reply.ok(await valuation.wallet(authOf(req).user.id, req.typeUser, req.query.wallet)),
    );

    r.post(
      '/asset/api/asset/queryUserBalance',
      {
        schema: schema({
          tags,
          summary: 'Available and frozen balance of one coin in the currency account',
          body: QueryUserBalanceBody,
          response: ValidAssetResponse,
          auth: true,
        }),
      },
      async (req, reply) =>
        reply.ok(await wallet.validAsset(authOf(req).user.id, req.typeUser, 'currency', req.body.asset)),
    );

    r.get(
      '/asset/api/asset/amountForex',
      {
        schema: schema({
          tags,
          summary: 'USDT in the option account: what forex, CFD, index and stock contracts can stake',
          response: ValidAssetResponse,
          auth: true,
        }),
      },
      async (req, reply) => reply.ok(await wallet.validAsset(authOf(req).user.id, req.typeUser, 'option', 'USDT')),
    );

    r.post(
      '/asset/api/account/demoReset',
      {
        schema: schema({
          tags,
          summary: 'Reset the demo account to 100,000 USDT (demo mode only; Idempotency-Key accepted)',
          response: Ok,
          auth: true,
        }),
      },
      async (req, reply) => reply.ok(await wallet.resetDemo(moneyRequestOf(req))),
    );
  });
};
