import {
  ADDRESS_BOOK_MAX,
  assetOf,
  ASSETS,
  DEPOSIT_CHAINS,
  DEPOSIT_NOTICES_PER_DAY,
  DEV_CHAIN_COINS,
  type DevChainSendBody,
  type DevChainSent,
  formatAmount,
  parseAmount,
  type CreateAddressBody,
  type DepositAddress,
  type DepositChainId,
  type DepositFamily,
  type DepositNotice,
  type DepositNoticeBody,
  type DepositRoute,
  type GetAddresses,
  type RechargeList,
  type RechargeType,
  type SavedAddress,
  type TypeUser,
  type UpdateAddressBody,
  type DepositFailReason,
} from '@app/contract';
import { minDepositText, type DepositRouteConfig } from '../../config';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { addressLookup, checkAddress } from '../../lib/chain-address';
import { uniqueViolation } from '../../lib/db-errors';
import { scannedHeights } from '../chains';
import { DepositKeys } from './keys';
import { chainDepositRepo, depositRepo, type SavedAddressRow } from './repository';

/** Whom a deposit address belongs to: what the chain watcher learns for each of its addresses. */
export interface AddressOwner {
  userId: number;
  /** The address as shown (EIP-55 on EVM). */
  address: string;
}

/** What a QR code of a deposit address encodes: EIP-681 on Ethereum, BIP-21 on Bitcoin, the bare address on TRON. */
export function qrTextOf(route: Pick<DepositRouteConfig, 'chain' | 'token'>, address: string): string {
  if (route.chain === 'ethereum')
    return route.token ? `ethereum:${route.token}/transfer?address=${address}` : `ethereum:${address}`;
  if (route.chain === 'bitcoin') return `bitcoin:${address}`;
  return address;
}

/** A transaction hash as stored: lower-case hex, with 0x on EVM chains and without elsewhere. */
export function normaliseTxHash(chain: DepositChainId, hash: string): string {
  const hex = hash.toLowerCase().replace(/^0x/, '');
  return DEPOSIT_CHAINS[chain].family === 'evm' ? `0x${hex}` : hex;
}

const familyOf = (chain: DepositChainId): DepositFamily => DEPOSIT_CHAINS[chain].family;

/**
 * Deposits (docs/deposits.md): the catalogue of coins × chains, each user's deposit address per
 * chain family (derived from an account xpub at an index allocated once), the address book, the
 * user's deposit notices and their deposit records. The chain watchers ask `ownersOf` which
 * addresses of a block are ours. Nothing here moves money.
 */
export class DepositService {
  readonly keys: DepositKeys;

  constructor(
    private readonly ctx: AppContext,
    keys?: DepositKeys,
  ) {
    this.keys = keys ?? DepositKeys.load(ctx.config.deposits, ctx.config.dataDir, ctx.log);
  }

  /** Whether the route's chain is the development chain this server runs (test coins: `ctx.devChain`). */
  private onDevChain(chain: DepositChainId): boolean {
    return chain !== 'bitcoin' && this.ctx.devChain !== undefined && this.ctx.config.chains[chain].dev === true;
  }

  /** Every configured coin × chain (the watchers read tokens, minimums and confirmations here). */
  get routes(): readonly DepositRouteConfig[] {
    return this.ctx.config.deposits.routes;
  }

  // ----- the catalogue -----

  private routeView(r: DepositRouteConfig): DepositRoute {
    const chain = DEPOSIT_CHAINS[r.chain];
    return {
      chain: r.chain,
      chainName: chain.name,
      protocol: chain.protocol,
      family: chain.family,
      token: r.token,
      decimals: r.decimals,
      minDeposit: minDepositText(r),
      confirmations: r.confirmations,
      enabled: r.enabled,
      state: !r.enabled ? 'disabled' : this.keys.available(chain.family) ? 'available' : 'not_configured',
      devChain: this.onDevChain(r.chain),
    };
  }

  private assetOrThrow(symbol: string) {
    const asset = assetOf(symbol);
    if (!asset) throw new AppError('ASSET_UNKNOWN');
    return asset;
  }

  /** The coin's chains (empty for a coin with no chain yet). */
  chainTypes(symbol: string): DepositRoute[] {
    this.assetOrThrow(symbol);
    return this.routes.filter((r) => r.symbol === symbol).map((r) => this.routeView(r));
  }

  /** Every coin of the catalogue (or one), each with all its chains. */
  rechargeTypes(symbol?: string): RechargeType[] {
    const assets = symbol ? [this.assetOrThrow(symbol)] : ASSETS;
    return assets.map((a) => {
      const chains = this.chainTypes(a.symbol);
      return {
        symbol: a.symbol,
        name: a.name,
        icon: `/coins/${a.symbol.toLowerCase()}.svg`,
        chains,
        available: chains.some((c) => c.state === 'available'),
      };
    });
  }

  /** The coins that can be deposited now, each with only its available chains. */
  rechargeCoins(): RechargeType[] {
    return this.rechargeTypes()
      .map((t) => ({ ...t, chains: t.chains.filter((c) => c.state === 'available') }))
      .filter((t) => t.chains.length > 0);
  }

  /** The route of a coin on a chain (or its first available one), refusing an unknown or unavailable one. */
  private availableRoute(symbol: string, chain?: DepositChainId): DepositRouteConfig {
    this.assetOrThrow(symbol);
    const routes = this.routes.filter((r) => r.symbol === symbol);
    const isAvailable = (r: DepositRouteConfig) => r.enabled && this.keys.available(familyOf(r.chain));
    if (chain === undefined) {
      const first = routes.find(isAvailable);
      if (!first) throw new AppError('DEPOSIT_NOT_AVAILABLE');
      return first;
    }
    const route = routes.find((r) => r.chain === chain);
    if (!route) throw new AppError('DEPOSIT_CHAIN_UNKNOWN');
    if (!isAvailable(route)) throw new AppError('DEPOSIT_NOT_AVAILABLE');
    return route;
  }

  // ----- deposit addresses -----

  /** The user's address of a chain family: the one they have, or one allocated now (once, whatever the concurrency). */
  async addressFor(userId: number, family: DepositFamily): Promise<string> {
    const existing = await depositRepo.address(this.ctx.db, userId, family);
    if (existing) return existing.address;
    if (!this.keys.available(family)) throw new AppError('DEPOSIT_NOT_AVAILABLE');
    const row = await depositRepo.allocate(
      this.ctx.db,
      userId,
      family,
      (index) => this.keys.derive(family, index),
      this.ctx.clock.now(),
    );
    return row.address;
  }

  private async depositAddressOf(userId: number, route: DepositRouteConfig): Promise<DepositAddress> {
    const address = await this.addressFor(userId, familyOf(route.chain));
    const chain = DEPOSIT_CHAINS[route.chain];
    return {
      symbol: route.symbol,
      chain: route.chain,
      chainName: chain.name,
      protocol: chain.protocol,
      address,
      qrText: qrTextOf(route, address),
      token: route.token,
      minDeposit: minDepositText(route),
      confirmations: route.confirmations,
    };
  }

  async depositAddress(userId: number, symbol: string, chain?: DepositChainId): Promise<DepositAddress> {
    return this.depositAddressOf(userId, this.availableRoute(symbol, chain));
  }

  /**
   * Test coins of the development chain to the user's own deposit address on it (docs/deposits.md
   * "The development chain"): sent from one of anvil's funded accounts and mined; the deposit watcher
   * then sees, confirms and credits it as any deposit. DEV_CHAIN_OFF where no development chain runs.
   */
  async devChainSend(userId: number, body: DevChainSendBody): Promise<DevChainSent> {
    const devChain = this.ctx.devChain;
    if (!devChain || !this.onDevChain('ethereum')) throw new AppError('DEV_CHAIN_OFF');
    const bounds = DEV_CHAIN_COINS[body.symbol];
    const route = this.availableRoute(body.symbol, 'ethereum');
    const amount = parseAmount(body.amount, route.decimals);
    const min = parseAmount(bounds.min, route.decimals)!;
    const max = parseAmount(bounds.max, route.decimals)!;
    if (amount === null || amount < min || amount > max)
      throw new AppError('DEV_CHAIN_AMOUNT_INVALID', { min: bounds.min, max: bounds.max, coin: body.symbol });
    const deposit = await this.depositAddressOf(userId, route);
    const sent = await devChain.send(body.symbol, deposit.address as `0x${string}`, amount);
    this.ctx.log.info(
      { userId, symbol: body.symbol, amount: body.amount, txHash: sent.txHash },
      'development chain: test coins sent to a deposit address',
    );
    return {
      symbol: body.symbol,
      chain: 'ethereum',
      address: deposit.address,
      amount: formatAmount(amount, route.decimals),
      txHash: sent.txHash,
      blockNumber: sent.blockNumber,
    };
  }

  /** The user's deposit address on each available chain of the coin, and their saved addresses for it. */
  async addresses(userId: number, symbol: string): Promise<GetAddresses> {
    this.assetOrThrow(symbol);
    const routes = this.routes.filter(
      (r) => r.symbol === symbol && r.enabled && this.keys.available(familyOf(r.chain)),
    );
    const deposit: DepositAddress[] = [];
    for (const r of routes) deposit.push(await this.depositAddressOf(userId, r));
    const saved = (await depositRepo.savedOf(this.ctx.db, userId, symbol)).map(savedView);
    return { symbol, deposit, saved };
  }

  /**
   * For the chain watchers: which of these addresses (one chain, any case on EVM) are deposit
   * addresses, and whose. One indexed query for the whole batch, by the lookup form (lower-case hex
   * on EVM, lower-case bech32, TRON base58); the map is keyed by the addresses as given (a TRON
   * account as the hex its logs carry).
   */
  async ownersOf(chain: DepositChainId, addresses: readonly string[]): Promise<Map<string, AddressOwner>> {
    const family = familyOf(chain);
    const lookupOf = new Map(addresses.map((a) => [a, addressLookup(family, a)]));
    const rows = await depositRepo.owners(this.ctx.db, family, [...new Set(lookupOf.values())]);
    const owners = new Map(rows.map((r) => [r.lookup, { userId: r.userId, address: r.address }]));
    const out = new Map<string, AddressOwner>();
    for (const [given, lookup] of lookupOf) {
      const owner = owners.get(lookup);
      if (owner) out.set(given, owner);
    }
    return out;
  }

  /** Deposit incidents (credited, then removed by a re-org) for the back office's dashboard. */
  async pendingSummary(): Promise<{ pending: number; oldestAt: number | null }> {
    const { pending, oldestAt } = await chainDepositRepo.incidents(this.ctx.db);
    return { pending, oldestAt: oldestAt?.getTime() ?? null };
  }

  // ----- the address book -----

  /** The coin's route on the chain (enabled or not: a user may keep the addresses they send from). */
  private catalogued(symbol: string, chain: DepositChainId): DepositRouteConfig {
    this.assetOrThrow(symbol);
    const route = this.routes.find((r) => r.symbol === symbol && r.chain === chain);
    if (!route) throw new AppError('DEPOSIT_CHAIN_UNKNOWN');
    return route;
  }

  /** The address checked for its chain, and refused if it is the user's own deposit address. */
  private async checkedAddress(
    userId: number,
    chain: DepositChainId,
    text: string,
  ): Promise<{ address: string; lookup: string }> {
    const family = familyOf(chain);
    const check = checkAddress(family, text);
    if (!check.ok) throw new AppError(check.error);
    const lookup = addressLookup(family, check.address);
    const own = await depositRepo.address(this.ctx.db, userId, family);
    if (own?.lookup === lookup) throw new AppError('ADDRESS_IS_DEPOSIT_ADDRESS');
    return { address: check.address, lookup };
  }

  async createSaved(userId: number, body: CreateAddressBody): Promise<SavedAddress> {
    this.catalogued(body.symbol, body.chain);
    const { address, lookup } = await this.checkedAddress(userId, body.chain, body.address);
    const label = cleanLabel(body.label);
    const now = this.ctx.clock.now();
    const row = await duplicateAsError(() =>
      depositRepo.insertSaved(
        this.ctx.db,
        {
          userId,
          symbol: body.symbol,
          chain: body.chain,
          address,
          lookup,
          label,
          createdAt: now,
          updatedAt: now,
        },
        ADDRESS_BOOK_MAX,
      ),
    );
    if (row === 'full') throw new AppError('ADDRESS_BOOK_FULL', { max: ADDRESS_BOOK_MAX });
    return savedView(row);
  }

  async updateSaved(userId: number, body: UpdateAddressBody): Promise<SavedAddress> {
    const row = await depositRepo.saved(this.ctx.db, userId, body.id);
    if (!row) throw new AppError('ADDRESS_NOT_FOUND');
    const set: Parameters<typeof depositRepo.updateSaved>[2] = { updatedAt: this.ctx.clock.now() };
    if (body.address !== undefined)
      Object.assign(set, await this.checkedAddress(userId, row.chain as DepositChainId, body.address));
    if (body.label !== undefined) set.label = cleanLabel(body.label);
    return savedView(await duplicateAsError(() => depositRepo.updateSaved(this.ctx.db, row.id, set)));
  }

  async deleteSaved(userId: number, id: string): Promise<void> {
    if (!(await depositRepo.deleteSaved(this.ctx.db, userId, id))) throw new AppError('ADDRESS_NOT_FOUND');
  }

  // ----- deposit notices and records -----

  /** The user says they sent a deposit in this transaction; kept (once per transaction, at most DEPOSIT_NOTICES_PER_DAY a day), nothing credited. */
  async notice(userId: number, body: DepositNoticeBody): Promise<DepositNotice> {
    const route = this.catalogued(body.symbol, body.chain);
    let amount: bigint | null = null;
    if (body.amount !== undefined) {
      amount = parseAmount(body.amount, route.decimals);
      if (amount === null || amount <= 0n) throw new AppError('AMOUNT_INVALID');
    }
    const now = this.ctx.clock.now();
    const row = await depositRepo.notice(
      this.ctx.db,
      {
        userId,
        symbol: body.symbol,
        chain: body.chain,
        txHash: normaliseTxHash(body.chain, body.txHash),
        amount,
        createdAt: now,
      },
      new Date(now.getTime() - 24 * 3600_000),
      DEPOSIT_NOTICES_PER_DAY,
    );
    if (row === 'limit') throw new AppError('TOO_MANY_REQUESTS');
    return {
      id: row.publicId,
      symbol: row.symbol,
      chain: row.chain as DepositChainId,
      txHash: row.txHash,
      amount: row.amount === null ? null : formatAmount(row.amount, route.decimals),
      createdAt: row.createdAt.getTime(),
    };
  }

  /** Deposit records of the request's ledger (docs/product.md §3), newest first, with the labels of saved source addresses. */
  async records(
    userId: number,
    mode: TypeUser,
    q: { page: number; size: number; symbol?: string },
  ): Promise<RechargeList> {
    if (q.symbol !== undefined) this.assetOrThrow(q.symbol);
    const { rows, total } = await depositRepo.records(this.ctx.db, userId, mode, q.symbol, q.page, q.size);
    const lookupOf = (chain: string | null, address: string) => {
      const c = chain as DepositChainId | null;
      return c && c in DEPOSIT_CHAINS ? addressLookup(familyOf(c), address) : address;
    };
    const froms = rows.filter((r) => r.fromAddress !== null).map((r) => lookupOf(r.chain, r.fromAddress!));
    const labels = new Map(
      (await depositRepo.labels(this.ctx.db, userId, froms)).map((l) => [`${l.chain}:${l.lookup}`, l.label]),
    );
    const heights = rows.some((r) => r.status === 'in_progress' && r.blockNumber !== null)
      ? await scannedHeights(this.ctx.db)
      : new Map<string, number>();
    /** Blocks counted so far: up to the required number once credited, none for a failed one. */
    const confirmations = (r: (typeof rows)[number]): number | null => {
      if (r.blockNumber === null || r.confirmationsRequired === null || r.status === 'fail') return null;
      if (r.status === 'success') return r.confirmationsRequired;
      const height = heights.get(r.chain ?? '');
      return height === undefined ? 0 : Math.max(0, Math.min(r.confirmationsRequired, height - r.blockNumber + 1));
    };
    return {
      page: q.page,
      size: q.size,
      total,
      items: rows.map((r) => {
        const scale = assetOf(r.asset)?.scale ?? 0;
        return {
          number: r.publicId,
          symbol: r.asset,
          chain: r.chain as DepositChainId | null,
          amount: formatAmount(r.amount, scale),
          quantity: formatAmount(r.status === 'success' ? r.amount : 0n, scale),
          channel: r.channel as 'terminal' | 'back_stage',
          status: r.status as 'in_progress' | 'success' | 'fail',
          from: r.fromAddress,
          fromLabel:
            r.fromAddress === null ? null : (labels.get(`${r.chain}:${lookupOf(r.chain, r.fromAddress)}`) ?? null),
          to: r.toAddress,
          txHash: r.txHash,
          confirmations: confirmations(r),
          confirmationsRequired: r.confirmationsRequired,
          failReason: r.failReason as DepositFailReason | null,
          time: r.createdAt.getTime(),
          completedAt: r.completedAt ? r.completedAt.getTime() : null,
        };
      }),
    };
  }
}

const cleanLabel = (label: string) => {
  const clean = label.trim().replace(/\s+/g, ' ');
  if (!clean) throw new AppError('FIELD_REQUIRED');
  return clean;
};

function savedView(r: SavedAddressRow): SavedAddress {
  return {
    id: r.publicId,
    symbol: r.symbol,
    chain: r.chain as DepositChainId,
    address: r.address,
    label: r.label,
    createdAt: r.createdAt.getTime(),
    updatedAt: r.updatedAt.getTime(),
  };
}

async function duplicateAsError<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (uniqueViolation(err) === 'saved_addresses_unique') throw new AppError('ADDRESS_DUPLICATE');
    throw err;
  }
}
