import {
  assetOf, DEPOSIT_CHAINS, WITHDRAW_ADDRESS_BOOK_MAX, type DeleteWithdrawAddressBody, type DepositChainId, type InsertWithdrawAddressBody,
  type WithdrawAddress, type WithdrawAddressInfo,
} from '@app/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { addressLookup, checkAddress } from '../../lib/chain-address';
import { uniqueViolation } from '../../lib/db-errors';
import type { DepositService } from '../deposits';
import { withdrawAddressRepo, type WithdrawAddressRow } from './repository';

/** What withdrawals need of the users module: the throttled fund-password check. */
export interface FundPasswordCheck {
  checkFundPassword(userId: number, password: string): Promise<void>;
}

/**
 * The withdrawal address book (spec §3 "Withdraw address", §5, §7 `currencyAddress/*`;
 * docs/withdrawals.md): where a user's money may be sent. An address is checked for its chain,
 * saved with the fund password, and usable once the hold after saving has passed; the user is
 * told of every new one. The coins and chains are the deposits catalogue's.
 */
export class WithdrawalService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { deposits: DepositService; users: FundPasswordCheck },
  ) {}

  /** The coin's catalogued chains (withdrawals go where deposits come from). */
  private chainsOf(symbol: string): DepositChainId[] {
    if (!assetOf(symbol)) throw new AppError('ASSET_UNKNOWN');
    return this.deps.deposits.routes.filter((r) => r.symbol === symbol).map((r) => r.chain);
  }

  async insert(userId: number, body: InsertWithdrawAddressBody): Promise<WithdrawAddress> {
    if (!this.chainsOf(body.currency).includes(body.chainType)) throw new AppError('DEPOSIT_CHAIN_UNKNOWN');
    const family = DEPOSIT_CHAINS[body.chainType].family;
    const check = checkAddress(family, body.address);
    if (!check.ok) throw new AppError(check.error);
    await this.deps.users.checkFundPassword(userId, body.fundPassword);
    const lookup = addressLookup(family, check.address);
    const own = await this.deps.deposits.ownersOf(body.chainType, [lookup]);
    if (own.get(lookup)?.userId === userId) throw new AppError('WITHDRAW_ADDRESS_OWN');

    const now = this.ctx.clock.now();
    const usableFrom = new Date(now.getTime() + this.ctx.config.withdrawals.addressHoldHours * 3_600_000);
    const row = {
      userId, symbol: body.currency, chain: body.chainType, address: check.address, lookup,
      nickname: (body.nickname ?? '').trim().replace(/\s+/g, ' '), createdAt: now, usableFrom,
    };
    const notice = {
      userId, kind: 'withdraw_address.added', createdAt: now,
      params: { currency: row.symbol, chain: row.chain, address: row.address, usableFrom: usableFrom.getTime() },
    };
    let saved: WithdrawAddressRow | 'full';
    try {
      saved = await withdrawAddressRepo.insert(this.ctx.db, row, notice, WITHDRAW_ADDRESS_BOOK_MAX);
    } catch (err) {
      if (uniqueViolation(err) === 'withdraw_addresses_unique') throw new AppError('ADDRESS_DUPLICATE');
      throw err;
    }
    if (saved === 'full') throw new AppError('ADDRESS_BOOK_FULL', { max: WITHDRAW_ADDRESS_BOOK_MAX });
    return this.view(saved);
  }

  async delete(userId: number, body: DeleteWithdrawAddressBody): Promise<void> {
    await this.deps.users.checkFundPassword(userId, body.fundPassword);
    if (!(await withdrawAddressRepo.delete(this.ctx.db, userId, body.id, this.ctx.clock.now()))) throw new AppError('ADDRESS_NOT_FOUND');
  }

  async list(userId: number, currency?: string): Promise<WithdrawAddress[]> {
    if (currency !== undefined) this.chainsOf(currency);
    return (await withdrawAddressRepo.of(this.ctx.db, userId, currency)).map((r) => this.view(r));
  }

  async info(userId: number, currency: string): Promise<WithdrawAddressInfo> {
    const chains = this.chainsOf(currency);
    const saved = await this.list(userId, currency);
    const held = saved.filter((a) => a.state === 'holding').map((a) => a.usableFrom);
    return {
      currency,
      chains: chains.map((chain) => ({
        chainType: chain, chainName: DEPOSIT_CHAINS[chain].name, protocol: DEPOSIT_CHAINS[chain].protocol,
        addresses: saved.filter((a) => a.chainType === chain),
      })),
      nextUsableAt: held.length ? Math.min(...held) : null,
    };
  }

  private view(r: WithdrawAddressRow): WithdrawAddress {
    const chain = DEPOSIT_CHAINS[r.chain as DepositChainId];
    return {
      id: r.publicId, currency: r.symbol, chainType: chain.id, chainName: chain.name, protocol: chain.protocol, address: r.address,
      nickname: r.nickname, createdAt: r.createdAt.getTime(), usableFrom: r.usableFrom.getTime(),
      state: r.usableFrom <= this.ctx.clock.now() ? 'usable' : 'holding',
    };
  }
}
