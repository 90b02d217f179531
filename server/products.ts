import type { AppContext } from './context';
import type { Job } from './exchange/jobs';
import { dualHolds, keepDemoOffers } from './finance/dual';
import { ieoHolds, runIeo } from './finance/ieo';
import { nftHolds, runNft } from './nft/desk';
import { keepDemoNft } from './nft/seed';
import { loanHolds } from './borrow/desk';
import { otcHolds } from './otc/desk';
import { lockupHolds, settleDue } from './finance/lockup';
import type { EmptySettlements, HoldSource } from './ledger/holds';
import { positionHolds } from './trading/contracts';
import { lostOptions } from './trading/options';
import { spotOrderHolds } from './trading/spot';
import { refreshRates } from './wallet/rates';
import { runCopyBots } from './copy/bots';
import { computeAllTraderStats } from './copy/stats';
import { withdrawalHolds } from './wallet/withdrawals';

/**
 * The products of the exchange and what each plugs into the core besides its desk and its
 * settlement handlers (registered with Exchange.on where the desk is built): the funds
 * it holds in users' frozen and locked parts (the ledger check asks for them), the
 * settlements it records without moving anything, and its scheduled jobs. A new product
 * adds its entry here (ARCHITECTURE.md, "Adding a product").
 */
export interface Product {
  name: string;
  holds?: readonly HoldSource[];
  emptySettlements?: readonly EmptySettlements[];
  jobs?: (ctx: AppContext) => readonly Job[];
}

export const PRODUCTS: readonly Product[] = [
  {
    name: 'wallet',
    holds: [withdrawalHolds],
    jobs: (ctx) => [
      {
        // Fiat rates: reloaded from FIAT_RATES_FILE (when set) at most once per 24 hours; the
        // stored time of the last load decides, so checking hourly and at each start is safe.
        name: 'fiat-rates',
        everyMs: 3_600_000,
        run: async () => {
          const outcome = await refreshRates(ctx);
          if (outcome.status === 'loaded') console.log(`fiat rates loaded from ${ctx.config.fiatRatesFile}: ${outcome.codes.join(' ')}`);
          if (outcome.status === 'refused') console.error(`fiat rates file refused, the stored rates stay: ${outcome.error}`);
        },
      },
    ],
  },
  { name: 'spot', holds: [spotOrderHolds] },
  { name: 'contracts', holds: [positionHolds] },
  { name: 'options', emptySettlements: [lostOptions] },
  {
    name: 'lock-up mining',
    holds: [lockupHolds],
    // Payouts fall due every 24 hours after each purchase: settled from the stored orders
    // (a restart included), so a run finds only what is due and pays it once.
    jobs: (ctx) => [{ name: 'lockup-payouts', everyMs: 30_000, run: async () => void (await settleDue(ctx)) }],
  },
  {
    name: 'dual investment',
    holds: [dualHolds],
    // Settled by the trades (the dual.maturities handler); the demo keeps its offers open.
    jobs: (ctx) =>
      ctx.config.demo
        ? [
            {
              name: 'dual-offers',
              everyMs: 10 * 60_000,
              run: async () => void (await keepDemoOffers({ exchange: ctx.exchange, catalogue: ctx.catalogue, dual: ctx.dual, lastPrice: (id) => ctx.market.view.lastPrice(id) })),
            },
          ]
        : [],
  },
  {
    name: 'IEO',
    holds: ieoHolds,
    // Allocations after the subscription window, listings at time to market, locks ending: each from stored state, once.
    jobs: (ctx) => [{ name: 'ieo', everyMs: 15_000, run: async () => void (await runIeo(ctx)) }],
  },
  {
    name: 'NFT marketplace',
    holds: nftHolds,
    // Auctions ending, payments overdue, sales and box sales over: each from stored state, once.
    jobs: (ctx) => [
      { name: 'nft', everyMs: 15_000, run: async () => void (await runNft(ctx)) },
      ...(ctx.config.demo ? [{ name: 'nft-demo', everyMs: 3_600_000, run: async () => void (await keepDemoNft(ctx)) }] : []),
    ],
  },
  {
    name: 'borrowing',
    holds: [loanHolds],
    // Liquidations come with the trades (loans.liquidations); interest is written by the hour.
    jobs: (ctx) => [{ name: 'loan-interest', everyMs: 10 * 60_000, run: async () => void (await ctx.exchange.run((step) => ctx.loans.accrueAll(step))) }],
  },
  {
    name: 'OTC',
    holds: [otcHolds],
    // Orders not paid in their window: the escrowed coins return to the seller, once.
    jobs: (ctx) => [{ name: 'otc-expiry', everyMs: 30_000, run: async () => void (await ctx.exchange.run((step) => ctx.otc.expireDue(step))) }],
  },
  {
    name: 'price alerts',
    // Fired by the trades (alerts.crossings, alerts.risk) and delivered after the commit; this
    // sends what a process that stopped in between left undelivered, each delivery claimed once.
    jobs: (ctx) => [{ name: 'alert-deliveries', everyMs: 30_000, run: async () => void (await ctx.alertDelivery.undelivered()) }],
  },
  {
    name: 'copy trading',
    // Copies are contract positions (their holds are the contracts'); the profit share moves at once.
    jobs: (ctx) => [
      // Spec 9 asks for figures at most an hour old; every ten minutes keeps a new trader's page current.
      { name: 'copy-stats', everyMs: 10 * 60_000, run: async () => void (await computeAllTraderStats(ctx)) },
      ...(ctx.config.copyBots ? [{ name: 'copy-bots', everyMs: 20_000, run: async () => void (await runCopyBots(ctx)) }] : []),
    ],
  },
];

export const HOLD_SOURCES: readonly HoldSource[] = PRODUCTS.flatMap((product) => product.holds ?? []);
export const EMPTY_SETTLEMENTS: readonly EmptySettlements[] = PRODUCTS.flatMap((product) => product.emptySettlements ?? []);
