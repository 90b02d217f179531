import type { Exchange } from '../exchange/exchange';
import { ContractDesk } from './contracts';
import type { TradingDeps } from './deps';
import { OptionDesk } from './options';
import { SpotDesk } from './spot';

/**
 * Trading: the spot, contract and option desks. Each registers its settlement handlers
 * with the exchange: fills of resting spot orders (spot, 10), spot stops triggered at each
 * trade (stop-limit and OCO, 15), then take-profit, stop-loss, trailing stops, reduce-only
 * limit closes, limit activation and liquidation at each trade (contracts, 20), then option
 * expiries (options, 30), all in the step whose trades decided them; and a closed
 * position's waiting close orders cancelled with it ('position', 20).
 */
export class Trading {
  readonly spot: SpotDesk;
  readonly contracts: ContractDesk;
  readonly options: OptionDesk;

  constructor(deps: TradingDeps) {
    this.spot = new SpotDesk(deps);
    this.contracts = new ContractDesk(deps);
    this.options = new OptionDesk(deps);
    this.register(deps.exchange);
  }

  private register(exchange: Exchange): void {
    exchange.on('fills', { name: 'spot.resting-fills', order: 10, handle: (step, event) => this.spot.settleMarketFills(step, event.fills) });
    exchange.on('trades', { name: 'spot.stops', order: 15, handle: (step, event) => this.spot.onTrades(step, event.batches) });
    exchange.on('position', { name: 'contracts.close-orders', order: 20, handle: (step, event) => this.contracts.onPosition(step, event.position) });
    exchange.on('trades', { name: 'contracts.triggers', order: 20, handle: (step, event) => this.contracts.onTrades(step, event.batches) });
    exchange.on('trades', { name: 'options.expiries', order: 30, handle: (step, event) => this.options.onTrades(step, event.batches) });
  }

  /** Resting orders back in the books and live positions and options back in memory, before the market runs. */
  async restore(): Promise<{ orders: number; positions: number; options: number }> {
    return { orders: await this.spot.restore(), positions: await this.contracts.restore(), options: await this.options.restore() };
  }
}
