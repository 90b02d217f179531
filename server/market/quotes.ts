import { endpoints, type OutputOf } from '../../contract/api';
import { MINUTE } from '../../contract/market';
import type { Catalogue } from '../exchange/catalogue';
import type { MarketReads } from './view';

/**
 * GET /currency/quotation_new: every market with its 24h figures, grouped by quote
 * currency. The figures are the engine's tickers, the ones the socket's "tickers" batches
 * carry; seq is the feed's last batch. The list is built once for each state of the
 * tickers and its JSON kept, so a flood of requests costs a comparison and a write each.
 * The tickers change only when a trade prints or the engine's clock enters another minute
 * (a closed minute leaves the 24h window: MarketEngine.ticker), so these three numbers say
 * when the list must be built again.
 */
export type Quotations = OutputOf<typeof endpoints.quotations>;
type Quote = Quotations['groups'][number]['markets'][number];

const round2 = (value: number) => Math.round(value * 100) / 100;

interface Kept {
  /** the catalogue's version: a market listed while running joins the list */
  catalogue: number;
  printed: number;
  minute: number;
  seq: number;
  list: Quotations;
  /** the JSON of the envelope that carries `list`, once written */
  json: string | null;
}

export class QuoteList {
  private kept: Kept | null = null;

  constructor(
    private readonly catalogue: Catalogue,
    /** the market's figures (the engine's, or several processes: the mirror's for markets run elsewhere) */
    private readonly view: () => MarketReads,
    /** the number of the last "tickers" batch sent */
    private readonly tickersSeq: () => number,
  ) {}

  /** The list as the tickers stand now. */
  current(): Quotations {
    const view = this.view();
    const printed = view.printed;
    const minute = Math.floor(view.time / MINUTE);
    const seq = this.tickersSeq();
    const kept = this.kept;
    const catalogue = this.catalogue.version;
    if (kept && kept.catalogue === catalogue && kept.printed === printed && kept.minute === minute && kept.seq === seq) return kept.list;
    this.kept = { catalogue, printed, minute, seq, list: this.build(seq), json: null };
    return this.kept.list;
  }

  /**
   * Writes an envelope as JSON (a reply's serializer): the one carrying the current list
   * is written once, and its text reused until the list changes.
   */
  readonly serialize = (envelope: { type: string; message: unknown }): string => {
    const kept = this.kept;
    if (!kept || envelope.message !== kept.list) return JSON.stringify(envelope);
    kept.json ??= JSON.stringify(envelope);
    return kept.json;
  };

  private build(seq: number): Quotations {
    const groups = new Map<string, Quote[]>();
    const view = this.view();
    for (const market of this.catalogue.markets) {
      const ticker = view.ticker(market.id);
      const list = groups.get(market.quote.code) ?? [];
      groups.set(market.quote.code, list);
      list.push({
        id: market.id,
        currency_id: market.base.id,
        legal_id: market.quote.id,
        symbol: market.symbol,
        base: market.base.code,
        quote: market.quote.code,
        name: market.base.name,
        kind: market.kind,
        contract: market.contractLot !== null,
        price_precision: market.pricePrecision,
        qty_precision: market.qtyPrecision,
        last: ticker.last,
        open: ticker.open,
        high: ticker.high,
        low: ticker.low,
        volume: ticker.volume,
        amount: round2(ticker.amount),
        change: ticker.open > 0 ? round2(((ticker.last - ticker.open) / ticker.open) * 100) : 0,
        feed: view.feedOf(market.id),
        stale: view.isStale(market.id),
      });
    }
    return { seq, groups: [...groups].map(([quote, markets]) => ({ quote, markets })) };
  }
}
