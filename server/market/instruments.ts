import type { MarketKind } from '../../contract/market';
import { Money } from '../../contract/money';

/**
 * The seed of the catalogue (currencies and markets, written to the database on the first
 * start; server/exchange/catalogue.ts reads them back) and the instruments of the
 * simulated exchange. Reference prices and volatilities seed
 * the simulator only; every price after that comes from the simulated market itself.
 * Ticks are powers of ten: a price is an integer count of ticks.
 */
export interface CurrencyDef {
  id: number;
  code: string;
  name: string;
  kind: 'crypto' | 'fiat' | 'stock';
  /** decimals of balances in this currency */
  precision: number;
}

export interface InstrumentDef {
  /** market (match) id */
  id: number;
  base: string;
  quote: 'USDT' | 'USD';
  kind: MarketKind;
  /** decimals of the price; the tick is 10^-pricePrecision */
  pricePrecision: number;
  /** decimals of the quantity; the lot is 10^-qtyPrecision */
  qtyPrecision: number;
  /** where the simulator starts on the very first run */
  referencePrice: number;
  /** annualised volatility of the simulated price */
  volatility: number;
  /** share of the exchange's trade flow */
  flowWeight: number;
  /** average size of one trade, in the quote currency */
  averageNotional: number;
  /** also tradable as a leveraged contract */
  contract: boolean;
  /** when it was listed while the exchange ran (market_listings): it has no history before */
  listedAt?: number;
}

export const CURRENCIES: readonly CurrencyDef[] = [
  { id: 1, code: 'BTC', name: 'Bitcoin', kind: 'crypto', precision: 8 },
  { id: 2, code: 'ETH', name: 'Ethereum', kind: 'crypto', precision: 8 },
  { id: 3, code: 'USDT', name: 'Tether USDt', kind: 'crypto', precision: 6 },
  { id: 4, code: 'LTC', name: 'Litecoin', kind: 'crypto', precision: 8 },
  { id: 5, code: 'XRP', name: 'XRP', kind: 'crypto', precision: 6 },
  { id: 6, code: 'BCH', name: 'Bitcoin Cash', kind: 'crypto', precision: 8 },
  { id: 7, code: 'SOL', name: 'Solana', kind: 'crypto', precision: 8 },
  { id: 8, code: 'BNB', name: 'BNB', kind: 'crypto', precision: 8 },
  { id: 9, code: 'DOGE', name: 'Dogecoin', kind: 'crypto', precision: 8 },
  { id: 10, code: 'ADA', name: 'Cardano', kind: 'crypto', precision: 6 },
  { id: 11, code: 'TRX', name: 'TRON', kind: 'crypto', precision: 6 },
  { id: 12, code: 'DOT', name: 'Polkadot', kind: 'crypto', precision: 8 },
  { id: 13, code: 'LINK', name: 'Chainlink', kind: 'crypto', precision: 8 },
  { id: 14, code: 'AVAX', name: 'Avalanche', kind: 'crypto', precision: 8 },
  { id: 15, code: 'XLM', name: 'Stellar', kind: 'crypto', precision: 7 },
  { id: 16, code: 'ATOM', name: 'Cosmos', kind: 'crypto', precision: 6 },
  { id: 17, code: 'UNI', name: 'Uniswap', kind: 'crypto', precision: 8 },
  { id: 18, code: 'ETC', name: 'Ethereum Classic', kind: 'crypto', precision: 8 },
  { id: 19, code: 'FIL', name: 'Filecoin', kind: 'crypto', precision: 8 },
  { id: 20, code: 'NEAR', name: 'NEAR Protocol', kind: 'crypto', precision: 8 },
  { id: 21, code: 'APT', name: 'Aptos', kind: 'crypto', precision: 8 },
  { id: 22, code: 'ARB', name: 'Arbitrum', kind: 'crypto', precision: 8 },
  { id: 23, code: 'OP', name: 'Optimism', kind: 'crypto', precision: 8 },
  { id: 24, code: 'EOS', name: 'EOS', kind: 'crypto', precision: 6 },
  { id: 25, code: 'SHIB', name: 'Shiba Inu', kind: 'crypto', precision: 2 },
  { id: 26, code: 'USD', name: 'US Dollar', kind: 'fiat', precision: 2 },
  { id: 27, code: 'AAPL', name: 'Apple', kind: 'stock', precision: 4 },
  { id: 28, code: 'MSFT', name: 'Microsoft', kind: 'stock', precision: 4 },
  { id: 29, code: 'NVDA', name: 'NVIDIA', kind: 'stock', precision: 4 },
  { id: 30, code: 'TSLA', name: 'Tesla', kind: 'stock', precision: 4 },
  { id: 31, code: 'AMZN', name: 'Amazon', kind: 'stock', precision: 4 },
  { id: 32, code: 'GOOGL', name: 'Alphabet', kind: 'stock', precision: 4 },
  { id: 33, code: 'META', name: 'Meta Platforms', kind: 'stock', precision: 4 },
  { id: 34, code: 'NFLX', name: 'Netflix', kind: 'stock', precision: 4 },
];

type Row = [id: number, base: string, pricePrecision: number, qtyPrecision: number, reference: number, volatility: number, weight: number, notional: number];

const CRYPTO: Row[] = [
  [1, 'BTC', 2, 5, 96_000, 0.55, 20, 4_000],
  [2, 'ETH', 2, 4, 3_400, 0.7, 12, 2_500],
  [3, 'LTC', 2, 3, 95, 0.8, 3, 800],
  [4, 'XRP', 4, 1, 2.2, 0.9, 5, 900],
  [5, 'BCH', 2, 3, 450, 0.85, 2, 700],
  [6, 'SOL', 2, 2, 190, 0.95, 7, 1_500],
  [7, 'BNB', 2, 3, 650, 0.6, 5, 1_500],
  [8, 'DOGE', 5, 0, 0.32, 1.1, 5, 600],
  [9, 'ADA', 4, 1, 0.9, 0.95, 3, 500],
  [10, 'TRX', 5, 0, 0.25, 0.7, 2, 400],
  [11, 'DOT', 3, 2, 7, 0.95, 2, 400],
  [12, 'LINK', 3, 2, 22, 0.95, 2, 500],
  [13, 'AVAX', 2, 2, 38, 1.0, 2, 500],
  [14, 'XLM', 5, 0, 0.4, 0.9, 1, 300],
  [15, 'ATOM', 3, 2, 6.5, 0.95, 1, 300],
  [16, 'UNI', 3, 2, 13, 1.0, 1, 300],
  [17, 'ETC', 2, 2, 27, 0.9, 1, 300],
  [18, 'FIL', 3, 2, 5.2, 1.05, 1, 250],
  [19, 'NEAR', 3, 2, 5.4, 1.05, 1, 250],
  [20, 'APT', 3, 2, 9, 1.1, 1, 250],
  [21, 'ARB', 4, 1, 0.8, 1.1, 1, 250],
  [22, 'OP', 4, 1, 1.9, 1.1, 1, 250],
  [23, 'EOS', 4, 1, 0.8, 1.0, 1, 200],
  [24, 'SHIB', 8, 0, 0.000022, 1.2, 2, 400],
];

const STOCKS: Row[] = [
  [25, 'AAPL', 2, 2, 230, 0.28, 1.5, 3_000],
  [26, 'MSFT', 2, 2, 420, 0.26, 1.2, 3_000],
  [27, 'NVDA', 2, 2, 140, 0.5, 2, 3_000],
  [28, 'TSLA', 2, 2, 350, 0.55, 2, 3_000],
  [29, 'AMZN', 2, 2, 210, 0.32, 1, 3_000],
  [30, 'GOOGL', 2, 2, 175, 0.3, 1, 3_000],
  [31, 'META', 2, 2, 580, 0.38, 1, 3_000],
  [32, 'NFLX', 2, 2, 880, 0.4, 0.8, 3_000],
];

export const INSTRUMENTS: readonly InstrumentDef[] = [
  ...CRYPTO.map(([id, base, pricePrecision, qtyPrecision, referencePrice, volatility, flowWeight, averageNotional]) => ({
    id,
    base,
    quote: 'USDT' as const,
    kind: 'crypto' as const,
    pricePrecision,
    qtyPrecision,
    referencePrice,
    volatility,
    flowWeight,
    averageNotional,
    contract: true,
  })),
  ...STOCKS.map(([id, base, pricePrecision, qtyPrecision, referencePrice, volatility, flowWeight, averageNotional]) => ({
    id,
    base,
    quote: 'USD' as const,
    kind: 'stock' as const,
    pricePrecision,
    qtyPrecision,
    referencePrice,
    volatility,
    flowWeight,
    averageNotional,
    contract: true,
  })),
];

const currencyByCode = new Map(CURRENCIES.map((currency) => [currency.code, currency]));

export function currencyOf(code: string): CurrencyDef {
  const currency = currencyByCode.get(code);
  if (!currency) throw new Error(`unknown currency ${code}`);
  return currency;
}

/** What a server lists and simulates: currencies and the markets on them. */
export interface MarketCatalog {
  currencies: readonly CurrencyDef[];
  instruments: readonly InstrumentDef[];
}

/** Ids of the load-test coins and their markets start here, clear of the real ones. */
export const SYNTHETIC_FIRST_ID = 1001;

/**
 * The catalogue of `count` markets (MARKET_COUNT): the instruments above and, for load
 * tests past them, simulated coins T001, T002... quoted in USDT (spot only, prices spread
 * over five orders of magnitude so the list shows texts of every width).
 */
export function marketCatalog(count: number = INSTRUMENTS.length): MarketCatalog {
  if (count <= INSTRUMENTS.length) return { currencies: CURRENCIES, instruments: INSTRUMENTS };
  const currencies: CurrencyDef[] = [...CURRENCIES];
  const instruments: InstrumentDef[] = [...INSTRUMENTS];
  for (let n = 1; n <= count - INSTRUMENTS.length; n++) {
    const id = SYNTHETIC_FIRST_ID + n - 1;
    const code = `T${String(n).padStart(3, '0')}`;
    currencies.push({ id, code, name: `Test coin ${n}`, kind: 'crypto', precision: 8 });
    instruments.push({
      id,
      base: code,
      quote: 'USDT',
      kind: 'crypto',
      pricePrecision: 4,
      qtyPrecision: 2,
      referencePrice: (1 + (n % 9)) * 10 ** ((n % 5) - 1),
      volatility: 0.9,
      flowWeight: 1,
      averageNotional: 300,
      contract: false,
    });
  }
  return { currencies, instruments };
}

export function symbolOf(instrument: InstrumentDef): string {
  return `${instrument.base}/${instrument.quote}`;
}

/**
 * Base units per contract lot, written to the catalogue: a power of ten of the base asset
 * worth between about 100 and 1,000 of the quote at the reference price (0.01 BTC, 0.1
 * ETH, 10,000,000 SHIB); a stock's lot is one share. Null without contracts.
 */
export function contractLotOf(def: InstrumentDef): string | null {
  if (!def.contract) return null;
  if (def.kind === 'stock') return '1';
  return new Money(10).pow(Math.floor(Math.log10(1000 / def.referencePrice))).toFixed();
}
