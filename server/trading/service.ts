import type { Trade, UserFill } from '../market/engine';
import { ContractDesk } from './contracts';
import type { TradingDeps } from './deps';
import { OptionDesk } from './options';
import { SpotDesk } from './spot';

/**
 * Trading: the spot, contract and option desks, fed by the market. The engine reports
 * trades and fills of resting orders during a step; after the step (and before the next)
 * this settles them: spot fills, then contract triggers, then option expiries.
 */
export class Trading {
  readonly spot: SpotDesk;
  readonly contracts: ContractDesk;
  readonly options: OptionDesk;
  private publishImpl: TradingDeps['publish'] = () => undefined;
  private fills: UserFill[] = [];
  private trades: { marketId: number; trades: readonly Trade[] }[] = [];

  constructor(deps: Omit<TradingDeps, 'publish'>) {
    const full: TradingDeps = { ...deps, publish: (userId, event, payload) => this.publishImpl(userId, event, payload) };
    this.spot = new SpotDesk(full);
    this.contracts = new ContractDesk(full);
    this.options = new OptionDesk(full);
    deps.market.engine.listen({
      userFills: (fills) => void this.fills.push(...fills),
      trades: (marketId, trades) => void this.trades.push({ marketId, trades }),
    });
    deps.market.afterEachStep(() => this.settle());
  }

  /** Where private events go (the socket server). */
  connect(publish: TradingDeps['publish']): void {
    this.publishImpl = publish;
  }

  /** Resting orders back in the books and live positions and options back in memory, before the market runs. */
  async restore(): Promise<{ orders: number; positions: number; options: number }> {
    return { orders: await this.spot.restore(), positions: await this.contracts.restore(), options: await this.options.restore() };
  }

  private async settle(): Promise<void> {
    const fills = this.fills;
    const trades = this.trades;
    this.fills = [];
    this.trades = [];
    const marketFills = fills.filter((fill) => fill.takerRef === 0);
    await this.spot.settleMarketFills(marketFills);
    if (trades.length > 0) {
      await this.contracts.onTrades(trades);
      await this.options.onTrades(trades);
    }
  }
}
