import { computed, type ReadonlySignal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import type { MarketInfo, PositionView } from '../../../contract/worker-api';
import { goToLogin } from '../../app/navigation';
import { marketBySymbol, markets, quoteOf } from '../../core/store';
import { language, useT, type Translator } from '../../i18n';
import { cleanAmount } from '../../lib/amount';
import { formatAmount, formatFixed, formatSigned } from '../../../contract/format';
import { PrimaryButton, TextInput } from '../../ui/form';
import { ChevronDownIcon } from '../../ui/icons-later';
import { Sheet } from '../../ui/Sheet';
import { ChangeText, PriceCell } from '../market/cells';
import { exchangeOf, FeedPaused, FeedSource } from '../market/FeedNotice';
import type { TradeMode } from './search';
import styles from './trade.module.css';

/** Which markets a mode trades: spot and options every market (coins against USDT, stocks against USD); contracts those that have them. */
export function tradable(mode: TradeMode, market: MarketInfo): boolean {
  return mode === 'contract' ? market.contract : true;
}

/** The market a trade screen shows: the one asked for if the mode trades it, else the first that it does. */
export function useTradeMarket(mode: TradeMode, symbol: string): MarketInfo | undefined {
  useSignals();
  const asked = marketBySymbol(symbol);
  if (asked && tradable(mode, asked)) return asked;
  return markets.value.find((market) => tradable(mode, market));
}

/** The pair, its live price and change, a picker for another, and the way to its chart. */
export function PairBar({ mode, market, onPick }: { mode: TradeMode; market: MarketInfo; onPick: (market: MarketInfo) => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const quote = quoteOf(market.id);
  return (
    <>
      <div className={styles.pairBar}>
        <button type="button" className={styles.pairButton} onClick={() => setOpen(true)} data-testid="pair-picker">
          {market.symbol}
          <ChevronDownIcon size={16} />
        </button>
        {quote && (
          <span className={styles.pairChange}>
            <ChangeText quote={quote} />
          </span>
        )}
        <FeedSource info={market} className={styles.feedSource} />
        <span className={styles.pairLinks}>
          <Link to="/pages/market/detail" search={{ symbol: market.symbol.replace('/', '') }} className={styles.iconLink}>
            {t('trade:chart')}
          </Link>
        </span>
        <MarketPicker
          open={open}
          mode={mode}
          onClose={() => setOpen(false)}
          onPick={(picked) => {
            setOpen(false);
            onPick(picked);
          }}
        />
      </div>
      <FeedPaused info={market} />
    </>
  );
}

function MarketPicker({ open, mode, onClose, onPick }: { open: boolean; mode: TradeMode; onClose: () => void; onPick: (market: MarketInfo) => void }) {
  useSignals();
  const t = useT();
  const [query, setQuery] = useState('');
  const wanted = query.trim().toUpperCase();
  const list = markets.value.filter((market) => tradable(mode, market) && (!wanted || market.symbol.includes(wanted) || market.name.toUpperCase().includes(wanted)));
  return (
    <Sheet open={open} title={t('trade:pick_market')} onClose={onClose} testId="market-picker">
      <div className={styles.pickerSearch}>
        <TextInput value={query} onValue={setQuery} placeholder={t('trade:search')} aria-label={t('trade:search')} />
      </div>
      {list.length === 0 && <p className={styles.empty}>{t('trade:no_markets')}</p>}
      {list.map((market) => {
        const quote = quoteOf(market.id);
        return (
          <button key={market.id} type="button" className={styles.pickerRow} onClick={() => onPick(market)} data-testid={`pick-${market.symbol.replace('/', '')}`}>
            <span>
              {market.symbol} <span className={styles.pickerKind}>{market.name}</span>
            </span>
            {quote && <PriceCell quote={quote} />}
          </button>
        );
      })}
    </Sheet>
  );
}

/** Decimals of a market's prices (2 until the market list is known). */
export const pricePrecisionOf = (marketId: number) => markets.value.find((market) => market.id === marketId)?.pricePrecision ?? 2;

/** A price of a market as the app shows prices; '--' when there is none. */
export function priceText(marketId: number, price: string | number | null | undefined): string {
  return price === null || price === undefined || price === '' ? '--' : formatFixed(Number(price), pricePrecisionOf(marketId), language.value);
}

/** A number field with − and + steppers of one `step`, as order forms have. */
export function NumberBox({
  value,
  onValue,
  placeholder,
  step,
  decimals,
  invalid,
  testId,
  labelled = false,
}: {
  value: string;
  onValue: (value: string) => void;
  placeholder: string;
  step: number;
  decimals: number;
  invalid?: boolean;
  testId: string;
  /** the placeholder also shown above the box, so a filled field still says what it is (take-profit, stop-loss) */
  labelled?: boolean;
}) {
  const bump = (direction: 1 | -1) => {
    const current = Number(value) || 0;
    const next = Math.max(0, current + direction * step);
    onValue(next > 0 ? next.toFixed(decimals) : '');
  };
  const box = (
    <div className={`${styles.numberBox} ${invalid ? styles.numberBoxInvalid : ''}`}>
      <button type="button" className={styles.stepper} onClick={() => bump(-1)} aria-label="−" tabIndex={-1}>
        −
      </button>
      <input
        className={styles.numberInput}
        inputMode="decimal"
        value={value}
        onChange={(event) => onValue(event.target.value)}
        placeholder={placeholder}
        aria-label={placeholder}
        data-testid={testId}
      />
      <button type="button" className={styles.stepper} onClick={() => bump(1)} aria-label="+" tabIndex={-1}>
        +
      </button>
    </div>
  );
  if (!labelled) return box;
  return (
    <div className={styles.labelledBox}>
      <span className={styles.boxLabel} aria-hidden="true">
        {placeholder}
      </span>
      {box}
    </div>
  );
}

/** The order types the forms offer: spot all four, futures limit and market. */
export type OrderKind = 'limit' | 'market' | 'stop_limit' | 'oco';

/** An order type's name in the user's language. */
export function orderKindLabel(t: Translator, kind: OrderKind): string {
  return kind === 'limit' || kind === 'market' ? t(`trade:${kind}`) : t(`trade:advanced.types.${kind}`);
}

/** Why a position closed, in the user's language (a trailing stop and a limit close are issue 23's). */
export function closeReasonLabel(t: Translator, reason: PositionView['close_reason']): string {
  return reason === 'trailing_stop' || reason === 'limit_close' ? t(`trade:advanced.reasons.${reason}`) : t(`trade:contract.reasons.${reason ?? 'user'}`);
}

/**
 * The order type switch and the price field of an order form: an order with a limit takes
 * a price (the market's decimals, its own error line; `priceLabel` names it, above the box,
 * when the type has several prices); a market order shows `marketLabel`. `children` come
 * between the switch and the price (a stop's trigger).
 */
export function TypeAndPrice<K extends OrderKind>({
  types,
  type,
  onType,
  price,
  onPrice,
  market,
  error,
  marketLabel,
  testPrefix,
  priceLabel,
  children,
}: {
  types: readonly K[];
  type: K;
  onType: (type: K) => void;
  price: string;
  onPrice: (price: string) => void;
  market: MarketInfo;
  error: string | undefined;
  marketLabel: string;
  testPrefix: string;
  priceLabel?: string | undefined;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <>
      <div className={`${styles.typeRow} ${types.length > 2 ? styles.typeRowDense : ''}`} role="tablist">
        {types.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={type === key}
            className={`${styles.typeButton} ${type === key ? styles.typeOn : ''}`}
            onClick={() => onType(key)}
            data-testid={`${testPrefix}-type-${key}`}
          >
            {orderKindLabel(t, key)}
          </button>
        ))}
      </div>
      {children}
      {type !== 'market' ? (
        <NumberBox
          value={price}
          onValue={(v) => onPrice(cleanAmount(v, market.pricePrecision))}
          placeholder={priceLabel ?? t('trade:price', { currency: market.quote })}
          step={10 ** -market.pricePrecision}
          decimals={market.pricePrecision}
          invalid={Boolean(error)}
          testId={`${testPrefix}-price`}
          labelled={priceLabel !== undefined}
        />
      ) : (
        <div className={styles.fixedPrice}>{marketLabel}</div>
      )}
      {error && (
        <p className={styles.fieldError} role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/** Label and value pairs, as a confirmation lists them. */
export function Details({ rows }: { rows: readonly (readonly [ReactNode, ReactNode])[] }) {
  return (
    <dl className={styles.details}>
      {rows.map(([label, value], i) => (
        <div key={i} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What a visitor sees in place of an order form: where the market's prices come from, too. */
export function LoginToTrade({ market }: { market: MarketInfo }) {
  const t = useT();
  const exchange = exchangeOf(market);
  return (
    <div className={styles.formCol}>
      <p className={styles.note}>{exchange ? t('trade:feed.login_note', { exchange }) : t('trade:login_note')}</p>
      <PrimaryButton onClick={goToLogin} testId="login-to-trade">
        {t('trade:login_to_trade')}
      </PrimaryButton>
    </div>
  );
}

/**
 * A live figure as text with `decimals` (signed when asked, then `suffix`), for BoundText
 * cells: `read` reads signals, so the text follows them without a render. '--' when unknown.
 */
export function numberText(read: () => number | null | undefined, decimals: number, { signed = false, suffix = '' } = {}): ReadonlySignal<string> {
  return computed(() => {
    const value = read();
    if (value === null || value === undefined || !Number.isFinite(value)) return '--';
    const text = formatSigned(value, decimals, language.value);
    return `${signed ? text : text.replace(/^\+/, '')}${suffix}`;
  });
}

/** What the form can spend (an exact amount from the server), with the way to move more in. */
export function AvailableLine({ amount, currency, testId }: { amount: string | null; currency: string; testId?: string }) {
  const t = useT();
  return (
    <div className={styles.line}>
      <span data-testid={testId}>{amount === null ? '' : t('trade:available', { amount: formatAmount(amount, language.value), currency })}</span>
      <Link to="/pages/fund/fundTransfer" className={styles.linkish}>
        {t('trade:transfer')}
      </Link>
    </div>
  );
}

/**
 * The head of an order, position or option card: its side as a coloured badge, the
 * symbol, a grey tag (type, multiple, duration), and what goes on the right (time,
 * profit, countdown).
 */
export function OrderHead({ up, side, symbol, tag, children }: { up: boolean; side: ReactNode; symbol: string; tag: ReactNode; children?: ReactNode }) {
  return (
    <div className={styles.orderHead}>
      <span className={`${styles.badge} ${up ? styles.badgeUp : styles.badgeDown}`}>{side}</span>
      <span className={styles.orderTitle}>{symbol}</span>
      <span className={`${styles.badge} ${styles.badgeFlat}`}>{tag}</span>
      {children && <span className={styles.headEnd}>{children}</span>}
    </div>
  );
}

/** A fact of a card: label, value, and the value's test id. `false` leaves it out. */
export type Fact = readonly [label: ReactNode, value: ReactNode, testId?: string] | false;

/** A card's facts, three to a row. */
export function FactGrid({ facts }: { facts: readonly Fact[] }) {
  return (
    <dl className={styles.grid3}>
      {facts.map(
        (fact, i) =>
          fact && (
            <div key={i}>
              <dt>{fact[0]}</dt>
              <dd data-testid={fact[2]}>{fact[1]}</dd>
            </div>
          ),
      )}
    </dl>
  );
}

/** The head of a seconds option's card: up or down, the symbol, the duration. */
export function OptionHead({ option, children }: { option: { direction: 'up' | 'down'; symbol: string; seconds: number }; children?: ReactNode }) {
  const t = useT();
  return (
    <OrderHead up={option.direction === 'up'} side={t(`trade:seconds.${option.direction}`)} symbol={option.symbol} tag={`${option.seconds}s`}>
      {children}
    </OrderHead>
  );
}
