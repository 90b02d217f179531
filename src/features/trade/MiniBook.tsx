import { computed, effect, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { formatFixed } from '../../../contract/format';
import type { Money } from '../../../contract/money';
import type { MarketInfo } from '../../../contract/worker-api';
import { depthOf, quoteOf } from '../../core/store';
import { language, useT } from '../../i18n';
import { ChevronDownIcon } from '../../ui/icons-later';
import { Sheet } from '../../ui/Sheet';
import { BoundText } from '../../ui/BoundText';
import { PriceCell } from '../market/cells';
import { groupingSteps, groupLevels, stepDecimals } from './book';
import styles from './trade.module.css';

const BOOK_ROWS = 6;
const NO_LEVELS = new Float64Array(0);

/** The grouping chosen per market (an index into its steps), kept while the app runs: spot and futures share it. */
const chosenSteps = new Map<number, Signal<number>>();
function chosenStep(marketId: number): Signal<number> {
  let chosen = chosenSteps.get(marketId);
  if (!chosen) chosenSteps.set(marketId, (chosen = signal(0)));
  return chosen;
}

interface Level {
  price: Money;
  quantity: number;
  /** the quantity up to and including this level, from the best one */
  total: number;
}

/** One row of the book, as signals its cells are bound to. */
interface Slot {
  price: ReadonlySignal<string>;
  amount: ReadonlySignal<string>;
  /** the bar's width as a share of the row: this row's running total over the deepest visible one */
  depth: ReadonlySignal<number>;
  level: () => Level | undefined;
}

interface LiveBook {
  /** the grouping step in force */
  step: ReadonlySignal<string>;
  asks: Slot[];
  bids: Slot[];
  askCount: ReadonlySignal<number>;
  bidCount: ReadonlySignal<number>;
}

/**
 * The book of one market at one grouping, as signals: the depth is grouped once per
 * update, and each cell's text and bar follow their own signal, so a depth update
 * writes only the cells that changed and renders no component; the rows render again
 * only when how many there are changes.
 */
function liveBook(market: MarketInfo, steps: readonly string[], chosen: ReadonlySignal<number>): LiveBook {
  const depth = depthOf(market.id);
  const step = computed(() => steps[chosen.value] ?? (steps[0] as string));
  const side = (rows: Float64Array, kind: 'bid' | 'ask'): Level[] => {
    let total = 0;
    return groupLevels(rows, kind, step.value, BOOK_ROWS).map(({ price, quantity }) => {
      const amount = quantity.toNumber();
      total += amount;
      return { price, quantity: amount, total };
    });
  };
  const view = computed(() => {
    const current = depth.value;
    const asks = side(current?.asks ?? NO_LEVELS, 'ask');
    const bids = side(current?.bids ?? NO_LEVELS, 'bid');
    return { asks, bids, deepest: Math.max(asks.at(-1)?.total ?? 0, bids.at(-1)?.total ?? 0) };
  });
  const decimals = computed(() => stepDecimals(step.value));
  const quantityDecimals = Math.min(market.qtyPrecision, 4);
  const slot = (kind: 'asks' | 'bids', index: number): Slot => {
    const level = computed(() => view.value[kind][index]);
    return {
      price: computed(() => {
        const current = level.value;
        return current ? formatFixed(current.price.toNumber(), decimals.value, language.value) : '';
      }),
      amount: computed(() => {
        const current = level.value;
        return current ? formatFixed(current.quantity, quantityDecimals, language.value) : '';
      }),
      depth: computed(() => {
        const current = level.value;
        const deepest = view.value.deepest;
        return current && deepest > 0 ? current.total / deepest : 0;
      }),
      level: () => level.peek(),
    };
  };
  const slots = (kind: 'asks' | 'bids') => Array.from({ length: BOOK_ROWS }, (_, index) => slot(kind, index));
  return {
    step,
    asks: slots('asks'),
    bids: slots('bids'),
    askCount: computed(() => view.value.asks.length),
    bidCount: computed(() => view.value.bids.length),
  };
}

/** A depth bar behind a row: its width follows the signal as a transform, so a change costs no layout. */
function DepthBar({ depth, className }: { depth: ReadonlySignal<number>; className: string | undefined }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(
    () =>
      effect(() => {
        const element = ref.current;
        if (element) element.style.transform = `scaleX(${depth.value})`;
      }),
    [depth],
  );
  return <span ref={ref} className={className} data-testid="book-bar" aria-hidden="true" />;
}

function BookRow({ slot, side, onTap }: { slot: Slot; side: 'bid' | 'ask'; onTap: (level: Level) => void }) {
  return (
    <button
      type="button"
      className={styles.bookRow}
      onClick={() => {
        const level = slot.level();
        if (level) onTap(level);
      }}
      data-testid={`book-${side}`}
    >
      <DepthBar depth={slot.depth} className={side === 'bid' ? styles.barBid : styles.barAsk} />
      <BoundText text={slot.price} className={`${styles.bookPrice} ${side === 'bid' ? 'up' : 'down'}`} testId="book-price" />
      <BoundText text={slot.amount} className={styles.bookAmount} testId="book-amount" />
    </button>
  );
}

/**
 * The book beside an order form: asks above, the last price, bids below, each level
 * with a bar of the quantity up to it; prices in the grouping chosen below the book.
 * Tapping a level puts its price in the form (a bucket's edge when grouped).
 */
export function MiniBook({ market, onPrice }: { market: MarketInfo; onPrice?: (price: string) => void }) {
  useSignals();
  const t = useT();
  const [picking, setPicking] = useState(false);
  const steps = useMemo(() => groupingSteps(market.pricePrecision), [market.pricePrecision]);
  const chosen = chosenStep(market.id);
  const book = useMemo(() => liveBook(market, steps, chosen), [market, steps, chosen]);
  const quote = quoteOf(market.id);
  const askCount = book.askCount.value;
  const bidCount = book.bidCount.value;
  const step = book.step.value;
  const stepText = (value: string) => formatFixed(Number(value), stepDecimals(value), language.value);
  const tap = (level: Level) => onPrice?.(level.price.toFixed(market.pricePrecision));
  return (
    <section className={styles.book} aria-label={t('market:panels.book')}>
      <div className={styles.bookHead}>
        <span>{t('trade:book.price')}</span>
        <span>{t('trade:book.amount')}</span>
      </div>
      {book.asks
        .slice(0, askCount)
        .map((slot, index) => <BookRow key={`ask-${index}`} slot={slot} side="ask" onTap={tap} />)
        .reverse()}
      <div className={styles.bookLast}>{quote && <PriceCell quote={quote} className={styles.bookLastPrice} />}</div>
      {book.bids.slice(0, bidCount).map((slot, index) => (
        <BookRow key={`bid-${index}`} slot={slot} side="bid" onTap={tap} />
      ))}
      <button type="button" className={styles.bookGrouping} onClick={() => setPicking(true)} aria-label={t('trade:book.grouping_of', { step: stepText(step) })} data-testid="book-grouping">
        {stepText(step)}
        <ChevronDownIcon size={12} />
      </button>
      <Sheet open={picking} title={t('trade:book.grouping')} onClose={() => setPicking(false)} testId="book-grouping-sheet">
        {steps.map((option, index) => (
          <button
            key={option}
            type="button"
            className={`${styles.choice} ${index === chosen.value ? styles.choiceOn : ''}`}
            aria-pressed={index === chosen.value}
            onClick={() => {
              chosen.value = index;
              setPicking(false);
            }}
            data-testid={`book-grouping-${option}`}
          >
            {stepText(option)}
          </button>
        ))}
      </Sheet>
    </section>
  );
}
