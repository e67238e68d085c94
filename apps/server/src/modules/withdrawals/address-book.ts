import crypto from 'node:crypto';
import {
  assetOf,
  DEPOSIT_CHAINS,
  WITHDRAW_ADDRESS_BOOK_MAX,
  type DeleteWithdrawAddressBody,
  type DepositChainId,
  type InsertWithdrawAddressBody,
  type WithdrawAddress,
  type WithdrawAddressConfirmBody,
  type WithdrawAddressInfo,
} from '@app/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { addressLookup, checkAddress } from '../../lib/chain-address';
import { uniqueViolation } from '../../lib/db-errors';
import type { MessageLanguages } from '../../plugins/session';
import type { DepositService } from '../deposits';
import { userRepo, type CodeVerifier, type SessionControl, type UserRow } from '../users';
import { addressAddedMessage } from './freeze-messages';
import { addressBookRepo, type WithdrawAddressRow } from './address-book-repository';

/** What withdrawals need of the users module: the throttled fund-password check. */
export interface FundPasswordCheck {
  checkFundPassword(userId: number, password: string): Promise<void>;
}

/** Cancels a user's withdrawals still waiting for review, their escrow returned (WithdrawalService). */
export interface ProcessingCanceller {
  cancelAllProcessing(userId: number, note: string): Promise<number>;
}

/** How long a new address's "this wasn't me" link freezes withdrawals. */
const WITHDRAW_FREEZE_LINK_DAYS = 7;
/** The web app's page of the freeze link (apps/web route-table WITHDRAW_FREEZE_PATH: no login, one button). */
const FREEZE_PAGE_PATH = '/pages/withdraw/freeze';
/** The note on withdrawals cancelled by a freeze. */
const FREEZE_NOTE = 'Withdrawals frozen by the account holder';

const sha256Hex = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/**
 * The withdrawal address book (docs/product.md §3 "Withdraw address", §5, §7 `currencyAddress/*`;
 * docs/withdrawals.md): where a user's money may be sent. An address is checked for its chain,
 * saved with the fund password, and usable once the hold after saving has passed; the user is
 * told of every new one. The coins and chains are the deposits catalogue's.
 */
export class AddressBookService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: {
      deposits: DepositService;
      users: FundPasswordCheck;
      /** Spends the codes that confirm an address early (purpose `withdraw_address`). */
      codes: CodeVerifier;
      /** Ends the user's sessions when they freeze withdrawals; the language of their latest request (the e-mail's). */
      sessions: Pick<SessionControl, 'revokeAll'> & MessageLanguages;
      /** The withdrawals waiting for review, cancelled when the user freezes withdrawals. */
      processing?: ProcessingCanceller;
    },
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
      userId,
      symbol: body.currency,
      chain: body.chainType,
      address: check.address,
      lookup,
      nickname: (body.nickname ?? '').trim().replace(/\s+/g, ' '),
      createdAt: now,
      usableFrom,
    };
    const notice = {
      userId,
      kind: 'withdraw_address.added',
      createdAt: now,
      params: { currency: row.symbol, chain: row.chain, address: row.address, usableFrom: usableFrom.getTime() },
    };
    // The "this wasn't me" link: only its hash is kept.
    const freezeToken = crypto.randomBytes(32).toString('base64url');
    let saved: WithdrawAddressRow | 'full';
    try {
      saved = await addressBookRepo.insert(this.ctx.db, row, notice, sha256Hex(freezeToken), WITHDRAW_ADDRESS_BOOK_MAX);
    } catch (err) {
      if (uniqueViolation(err) === 'withdraw_addresses_unique') throw new AppError('ADDRESS_DUPLICATE');
      throw err;
    }
    if (saved === 'full') throw new AppError('ADDRESS_BOOK_FULL', { max: WITHDRAW_ADDRESS_BOOK_MAX });
    await this.sendAddedNotice(userId, saved, freezeToken);
    return this.view(saved);
  }

  /**
   * Tells the user of a new address by e-mail (SMS when they have only a phone), with the link that
   * freezes withdrawals, in the language of the user's latest request (not the profile's: issue 34,
   * an English app got a German e-mail). The address is saved whatever happens here: an undelivered
   * message is logged, and the in-app notice stands.
   */
  private async sendAddedNotice(userId: number, saved: WithdrawAddressRow, freezeToken: string): Promise<void> {
    try {
      const user = await userRepo.byId(this.ctx.db, userId);
      if (!user) return;
      const message = addressAddedMessage(await this.deps.sessions.messageLanguageOf(userId), {
        currency: saved.symbol,
        protocol: DEPOSIT_CHAINS[saved.chain as DepositChainId].protocol,
        address: saved.address,
        holdHours: this.ctx.config.withdrawals.addressHoldHours,
        link: `${this.ctx.config.publicBaseUrl}${FREEZE_PAGE_PATH}?token=${freezeToken}`,
      });
      if (user.email) await this.ctx.email.sendEmail({ to: user.email, ...message });
      else if (user.phone) await this.ctx.sms.sendSms({ to: user.phone, text: message.text });
    } catch (err) {
      this.ctx.log.error({ err, userId }, 'new withdrawal address notice not delivered');
    }
  }

  /**
   * Makes a held address usable now, with a code (purpose `withdraw_address`) sent to the user's own
   * e-mail or phone; the user is told in the app. An address already usable is answered as it is.
   */
  async confirm(userId: number, body: WithdrawAddressConfirmBody): Promise<WithdrawAddress> {
    const user = await this.userOf(userId);
    const destination = body.channel === 'email' ? user.email : user.phone;
    if (!destination) throw new AppError('NO_CONTACT_FOR_CODE');
    const address = await addressBookRepo.byPublicId(this.ctx.db, userId, body.id);
    if (!address) throw new AppError('ADDRESS_NOT_FOUND');
    await this.deps.codes.consume(destination, 'withdraw_address', body.code);
    const now = this.ctx.clock.now();
    const confirmed = await addressBookRepo.confirm(this.ctx.db, address.id, now, {
      userId,
      kind: 'withdraw_address.confirmed',
      createdAt: now,
      params: { currency: address.symbol, chain: address.chain, address: address.address },
    });
    if (confirmed) return this.view(confirmed);
    // Deleted between the look-up and the update, or usable already.
    const current = await addressBookRepo.byPublicId(this.ctx.db, userId, body.id);
    if (!current) throw new AppError('ADDRESS_NOT_FOUND');
    return this.view(current);
  }

  /**
   * The "this wasn't me" link (no session: the token is the proof): withdrawals frozen until support
   * lifts it, every session of the user ended, then their withdrawals waiting for review cancelled
   * with the escrow returned. A token is used once and lives WITHDRAW_FREEZE_LINK_DAYS.
   */
  async freeze(token: string): Promise<void> {
    const now = this.ctx.clock.now();
    const since = new Date(now.getTime() - WITHDRAW_FREEZE_LINK_DAYS * 86_400_000);
    const userId = await this.ctx.db.transaction(async (tx) => {
      const owner = await addressBookRepo.useFreezeToken(tx, sha256Hex(token), since, now);
      if (owner === undefined) return undefined;
      // Ending the sessions first also drops what this process remembers of the user.
      await this.deps.sessions.revokeAll(tx, owner);
      const user = await userRepo.byId(tx, owner);
      if (user && !user.withdrawalsFrozenAt)
        await userRepo.update(tx, owner, { withdrawalsFrozenAt: now, updatedAt: now });
      return owner;
    });
    if (userId === undefined) throw new AppError('WITHDRAW_FREEZE_LINK_INVALID');
    await this.deps.processing?.cancelAllProcessing(userId, FREEZE_NOTE);
  }

  private async userOf(userId: number): Promise<UserRow> {
    const user = await userRepo.byId(this.ctx.db, userId);
    if (!user) throw new AppError('SESSION_EXPIRED');
    return user;
  }

  async delete(userId: number, body: DeleteWithdrawAddressBody): Promise<void> {
    await this.deps.users.checkFundPassword(userId, body.fundPassword);
    if (!(await addressBookRepo.delete(this.ctx.db, userId, body.id, this.ctx.clock.now())))
      throw new AppError('ADDRESS_NOT_FOUND');
  }

  async list(userId: number, currency?: string): Promise<WithdrawAddress[]> {
    if (currency !== undefined) this.chainsOf(currency);
    return (await addressBookRepo.of(this.ctx.db, userId, currency)).map((r) => this.view(r));
  }

  async info(userId: number, currency: string): Promise<WithdrawAddressInfo> {
    const chains = this.chainsOf(currency);
    const saved = await this.list(userId, currency);
    const held = saved.filter((a) => a.state === 'holding').map((a) => a.usableFrom);
    return {
      currency,
      chains: chains.map((chain) => ({
        chainType: chain,
        chainName: DEPOSIT_CHAINS[chain].name,
        protocol: DEPOSIT_CHAINS[chain].protocol,
        addresses: saved.filter((a) => a.chainType === chain),
      })),
      nextUsableAt: held.length ? Math.min(...held) : null,
    };
  }

  private view(r: WithdrawAddressRow): WithdrawAddress {
    const chain = DEPOSIT_CHAINS[r.chain as DepositChainId];
    return {
      id: r.publicId,
      currency: r.symbol,
      chainType: chain.id,
      chainName: chain.name,
      protocol: chain.protocol,
      address: r.address,
      nickname: r.nickname,
      createdAt: r.createdAt.getTime(),
      usableFrom: r.usableFrom.getTime(),
      state: r.usableFrom <= this.ctx.clock.now() ? 'usable' : 'holding',
    };
  }
}
