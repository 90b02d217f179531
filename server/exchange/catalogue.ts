import type { MarketKind } from '../../contract/market';
import { Money } from '../../contract/money';
import type { Db } from '../db/database';
import type { CurrenciesTable, MarketsTable, NetworksTable } from '../db/schema';
import { ApiError } from '../http/errors';

/**
 * The one catalogue of the exchange: currencies, their deposit and withdrawal networks,
 * and markets, held in the database (written on the first start from
 * server/market/instruments.ts and server/wallet/networks.ts) and loaded at start; an IEO's
 * token and its market join while running (addCurrency, addMarket, from the `listing` event).
 * Every lookup throws on an unknown id or code (server:errors.currency_unknown,
 * market_unknown, network_unknown), so nothing carries on with a guessed number of
 * decimals. The withdrawal minimum and fee in force are settings (WITHDRAW_MIN_<KEY>,
 * WITHDRAW_FEE_<KEY>), laid over the stored figures.
 */
export interface Currency {
  id: number;
  code: string;
  name: string;
  kind: CurrenciesTable['kind'];
  /** decimals of balances in this currency */
  precision: number;
}

export interface Market {
  /** the market (match) id */
  id: number;
  /** BTC/USDT */
  symbol: string;
  kind: MarketKind;
  base: Currency;
  quote: Currency;
  /** decimals of a price; a tick is 10^-pricePrecision */
  pricePrecision: number;
  /** decimals of a quantity; a lot is 10^-qtyPrecision */
  qtyPrecision: number;
  /** ticks per unit of price, lots per unit of quantity: the order books count in integers */
  priceScale: number;
  lotScale: number;
  /** base units per contract lot (0.01 BTC, one share); null when the market has no contracts */
  contractLot: Money | null;
  sort: number;
}

export interface Network {
  /** names its settings: WITHDRAW_MIN_<key>, WITHDRAW_FEE_<key> */
  key: string;
  currency: Currency;
  network: NetworksTable['network'];
  /** shown to users */
  name: string;
  format: NetworksTable['address_format'];
  /** the smallest amount a user may ask to withdraw, fee included (the setting in force) */
  minWithdraw: string;
  /** a fixed fee per withdrawal, taken from the amount asked (the setting in force) */
  withdrawFee: string;
}

/** The withdrawal figures in force for a network, by its key (ServerConfig.networks). */
export type NetworkFigures = ReadonlyMap<string, { minWithdraw: string; withdrawFee: string }>;

export class Catalogue {
  private readonly currencyById = new Map<number, Currency>();
  private readonly currencyByCode = new Map<string, Currency>();
  private readonly marketById = new Map<number, Market>();
  private readonly marketByPair = new Map<string, Market>();
  private readonly marketBySymbol = new Map<string, Market>();
  private currencyList: Currency[] = [];
  private marketList: Market[] = [];
  /** counts the additions: lists built from the catalogue (the quotes) are built again when it moves */
  version = 0;

  constructor(
    currencies: readonly Currency[],
    markets: readonly Market[],
    readonly networks: readonly Network[],
  ) {
    for (const currency of currencies) this.addCurrency(currency);
    for (const market of markets) this.addMarket(market);
    this.version = 0;
  }

  get currencies(): readonly Currency[] {
    return this.currencyList;
  }

  get markets(): readonly Market[] {
    return this.marketList;
  }

  /**
   * A currency created while running (an IEO token), once its row is committed. Every
   * process adds it from the step's `listing` event (server/finance/ieo.ts).
   */
  addCurrency(currency: Currency): void {
    if (this.currencyById.has(currency.id)) return;
    this.currencyList = [...this.currencyList, currency];
    this.currencyById.set(currency.id, currency);
    this.currencyByCode.set(currency.code, currency);
    this.version++;
  }

  /** A market listed while running, once its row is committed; listed last. */
  addMarket(market: Market): void {
    if (this.marketById.has(market.id)) return;
    this.marketList = [...this.marketList, market];
    this.marketById.set(market.id, market);
    this.marketByPair.set(`${market.base.id}/${market.quote.id}`, market);
    this.marketBySymbol.set(market.symbol.replace('/', '').toUpperCase(), market);
    this.version++;
  }

  /** Reads the catalogue the database holds, with the withdrawal figures in force. */
  static async load(db: Db, figures: NetworkFigures = new Map()): Promise<Catalogue> {
    const currencyRows = await db.selectFrom('currencies').selectAll().orderBy('id').execute();
    const currencies = currencyRows.map(({ id, code, name, kind, precision }) => ({ id, code, name, kind, precision }));
    const byId = new Map(currencies.map((currency) => [currency.id, currency]));
    const currencyOf = (id: number, what: string) => {
      const currency = byId.get(id);
      if (!currency) throw new Error(`the catalogue is inconsistent: ${what} names currency ${id}, which does not exist`);
      return currency;
    };
    const base = (row: MarketsTable) => currencyOf(row.base_currency_id, `market ${row.id}`);
    const quote = (row: MarketsTable) => currencyOf(row.quote_currency_id, `market ${row.id}`);
    const marketRows = await db.selectFrom('markets').selectAll().orderBy('sort').orderBy('id').execute();
    const markets = marketRows.map((row) => marketOfRow(row, base(row), quote(row)));
    const networkRows = await db.selectFrom('networks').selectAll().orderBy('sort').execute();
    const networks = networkRows.map((row) => ({
      key: row.key,
      currency: currencyOf(row.currency_id, `network ${row.key}`),
      network: row.network,
      name: row.name,
      format: row.address_format,
      minWithdraw: figures.get(row.key)?.minWithdraw ?? row.min_withdraw,
      withdrawFee: figures.get(row.key)?.withdrawFee ?? row.withdraw_fee,
    }));
    return new Catalogue(currencies, markets, networks);
  }

  currency(id: number): Currency {
    const currency = this.currencyById.get(id);
    if (!currency) throw new ApiError('server:errors.currency_unknown');
    return currency;
  }

  currencyByCodeOf(code: string): Currency {
    const currency = this.currencyByCode.get(code);
    if (!currency) throw new ApiError('server:errors.currency_unknown');
    return currency;
  }

  market(id: number): Market {
    const market = this.marketById.get(id);
    if (!market) throw new ApiError('server:errors.market_unknown');
    return market;
  }

  /** The market of a pair given as base and quote currency ids (spec: currency_id, legal_id). */
  pair(baseId: number, quoteId: number): Market {
    const market = this.marketByPair.get(`${baseId}/${quoteId}`);
    if (!market) throw new ApiError('server:errors.market_unknown');
    return market;
  }

  /** A market by its symbol: BTC/USDT, btcusdt and BTCUSDT all name the same one. */
  bySymbol(symbol: string): Market {
    const market = this.marketBySymbol.get(symbol.replace('/', '').toUpperCase());
    if (!market) throw new ApiError('server:errors.market_unknown');
    return market;
  }

  /** The market a currency is priced in (its pair against USDT or USD), if it has one. */
  marketOfBase(currencyId: number): Market | undefined {
    return this.markets.find((market) => market.base.id === currencyId);
  }

  /** A coin's network by its name (BTC, ERC20, TRC20). */
  network(currencyId: number, network: string): Network {
    const currency = this.currency(currencyId);
    const found = this.networks.find((net) => net.currency.id === currency.id && net.network === network);
    if (!found) throw new ApiError('server:errors.network_unknown', { currency: currency.code });
    return found;
  }
}

/** A market as the catalogue holds it, from its row and its two currencies. */
export function marketOfRow(row: MarketsTable, base: Currency, quote: Currency): Market {
  return {
    id: row.id,
    symbol: row.symbol,
    kind: row.kind,
    base,
    quote,
    pricePrecision: row.price_precision,
    qtyPrecision: row.qty_precision,
    priceScale: 10 ** row.price_precision,
    lotScale: 10 ** row.qty_precision,
    contractLot: row.contract === 1 && row.contract_lot !== null ? new Money(row.contract_lot) : null,
    sort: row.sort,
  };
}
