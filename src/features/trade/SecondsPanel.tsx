import { computed, useSignalEffect } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ApiOutput } from '../../../contract/api';
import { floor, Money, parseAmount, text } from '../../../contract/money';
import { amountDecimals, stakeRange } from '../../../contract/order-rules';
import type { MarketInfo, OptionView } from '../../../contract/worker-api';
import { api } from '../../api/client';
import { loggedIn } from '../../app/session';
import { countdownOf, openOptions, settledOptions } from '../../core/account';
import { useAccountWatch, useMarketWatch } from '../../core/hooks';
import { quoteOf } from '../../core/store';
import { language, useT } from '../../i18n';
import { cleanAmount, typedAmount } from '../../lib/amount';
import { optionResultAt } from '../../../contract/trading';
import { formatAmount } from '../../../contract/format';
import { useSubmit } from '../../lib/useSubmit';
import { BoundText } from '../../ui/BoundText';
import { ConfirmDialog } from '../../ui/Dialog';
import { PrimaryButton } from '../../ui/form';
import { OrdersPaused, usePricesPaused } from '../market/FeedNotice';
import { toast } from '../../ui/toast';
import { ChangeText, PriceCell } from '../market/cells';
import { AvailableLine, Details, FactGrid, LoginToTrade, NumberBox, OptionHead, priceText } from './shared';
import styles from './trade.module.css';
import { useRequestIds } from '../../lib/requestId';

type Direction = 'up' | 'down';
type Durations = ApiOutput<'GET /microtrade/seconds'>;

/**
 * Seconds options: up or down over a chosen duration, with the payout ratio of that
 * duration. The countdowns run in the worker; results land as the market decides them.
 */
export function SecondsPanel({ market }: { market: MarketInfo }) {
  useSignals();
  const t = useT();
  const logged = loggedIn.value;
  useMarketWatch(market.id);
  useAccountWatch(logged);
  const quote = quoteOf(market.id);
  const paused = usePricesPaused(market);
  const [durations, setDurations] = useState<Durations | null>(null);
  const [seconds, setSeconds] = useState(30);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [currencies, setCurrencies] = useState<ApiOutput<'GET /microtrade/payable_currencies'>>([]);
  const [confirming, setConfirming] = useState<Direction | null>(null);
  const [busy, run] = useSubmit();
  const requestIds = useRequestIds();

  useEffect(
    () =>
      void api('GET /microtrade/seconds', {}, { silent: true })
        .then(setDurations)
        .catch(() => undefined),
    [],
  );
  const loadCurrencies = useCallback(() => {
    if (logged)
      void api('GET /microtrade/payable_currencies', {}, { silent: true })
        .then(setCurrencies)
        .catch(() => undefined);
  }, [logged]);
  useEffect(loadCurrencies, [loadCurrencies]);

  // Each result, once, as it lands.
  const shown = useRef(settledOptions.peek().length);
  useSignalEffect(() => {
    const settled = settledOptions.value;
    for (const option of settled.slice(shown.current)) {
      const direction = t(`trade:seconds.${option.direction}`);
      toast(
        t(`trade:seconds.landed.${option.result ?? 'tie'}`, {
          symbol: option.symbol,
          direction,
          profit: option.profit ?? '0',
          currency: option.code,
        }),
        3000,
      );
    }
    if (settled.length > shown.current) loadCurrencies();
    shown.current = settled.length;
  });

  const lang = language.value;
  const rule = durations?.durations.find((d) => d.seconds === seconds) ?? durations?.durations[0];
  const currency = currencies[0];
  // What the user gets or loses, exactly as the server settles: the fee (floored to the
  // coin's decimals) is paid at purchase, so a win nets stake x ratio less the fee and a
  // loss costs the stake and the fee.
  const decimals = currency?.precision ?? 6;
  const staked = rule ? parseAmount(amount, decimals) : null;
  const feePaid = rule && staked ? floor(staked.times(rule.fee_rate), decimals) : null;
  const outcome = rule && staked && feePaid ? { fee: feePaid, win: staked.times(rule.profit_ratio).minus(feePaid), lose: staked.plus(feePaid) } : null;
  const signed = (value: Money | undefined, sign: '+' | '-' | '') => (value ? `${sign}${formatAmount(text(value, decimals), lang)}` : '--');
  const range = rule ? t('trade:seconds.range', { min: formatAmount(rule.min_amount, lang), max: formatAmount(rule.max_amount, lang), currency: currency?.code ?? 'USDT' }) : '';

  // The exchange's checks (contract/order-rules.ts): the coin's decimals, then the duration's stake range.
  const review = (direction: Direction) => {
    if (!rule) return;
    const code = currency?.code ?? 'USDT';
    const typed = typedAmount(amount);
    const problem = !typed || !amountDecimals(typed, decimals, code).ok ? t('validation:amount_invalid') : !stakeRange(typed, rule.min_amount, rule.max_amount, code).ok ? range : undefined;
    setError(problem);
    if (!problem) setConfirming(direction);
  };

  const buy = (direction: Direction) =>
    run(async () => {
      setConfirming(null);
      if (!rule || !currency) return;
      const body = { match_id: market.id, currency_id: currency.currency_id, type: direction, seconds: rule.seconds, number: amount };
      // Sent again after a lost answer, the same option is bought once.
      const option = await api('POST /microtrade/submit', { ...body, request_id: requestIds.for(body) });
      requestIds.done();
      // The dialog said "at market": this is the trade it opened at, its strike.
      toast(
        t('trade:seconds.bought', {
          seconds: rule.seconds,
          direction: t(`trade:seconds.${direction}`),
          price: priceText(option.market_id, option.open_price),
          seq: option.open_tick.seq,
        }),
        3000,
      );
      loadCurrencies();
    });

  const direction = confirming ?? 'up';

  return (
    <>
      <div className={styles.bigPrice}>
        {quote && <PriceCell quote={quote} />}
        {quote && <ChangeText quote={quote} />}
      </div>
      <div className={styles.secondsForm}>
        {logged ? (
          <>
            <span className={styles.note}>{t('trade:seconds.duration')}</span>
            <div className={styles.durations} role="radiogroup">
              {durations?.durations.map((d) => (
                <button
                  key={d.seconds}
                  type="button"
                  role="radio"
                  aria-checked={d.seconds === rule?.seconds}
                  className={`${styles.duration} ${d.seconds === rule?.seconds ? styles.durationOn : ''}`}
                  onClick={() => setSeconds(d.seconds)}
                  data-testid={`duration-${d.seconds}`}
                >
                  <span>{d.seconds}s</span>
                  <span>
                    {t('trade:seconds.payout', {
                      percent: new Money(d.profit_ratio).times(100).toFixed(),
                    })}
                  </span>
                </button>
              ))}
            </div>
            <NumberBox
              value={amount}
              onValue={(v) => {
                setAmount(cleanAmount(v, currency?.precision ?? 6));
                setError(undefined);
              }}
              placeholder={t('trade:seconds.amount', {
                currency: currency?.code ?? 'USDT',
              })}
              step={10}
              decimals={0}
              invalid={Boolean(error)}
              testId="seconds-amount"
            />
            {error && (
              <p className={styles.fieldError} role="alert">
                {error}
              </p>
            )}
            {rule && !error && <p className={styles.note}>{range}</p>}
            <div className={styles.line}>
              <span>{t('trade:seconds.expected')}</span>
              <strong className="up" data-testid="seconds-expected">
                {signed(outcome?.win, '+')}
              </strong>
            </div>
            <AvailableLine amount={currency?.available ?? null} currency={currency?.code ?? 'USDT'} />
            {paused && <OrdersPaused info={market} className={styles.note} />}
            <div className={styles.buttons}>
              <PrimaryButton variant="buy" busy={busy} disabled={paused} onClick={() => review('up')} testId="seconds-up">
                {t('trade:seconds.buy_up')}
              </PrimaryButton>
              <PrimaryButton variant="sell" busy={busy} disabled={paused} onClick={() => review('down')} testId="seconds-down">
                {t('trade:seconds.buy_down')}
              </PrimaryButton>
            </div>
            <p className={styles.note}>{t('trade:seconds.rules')}</p>
          </>
        ) : (
          <LoginToTrade market={market} />
        )}
      </div>
      {logged && <OpenOptions />}
      <ConfirmDialog
        open={confirming !== null}
        title={t('trade:confirm.seconds_title')}
        message={
          <Details
            rows={[
              [t('trade:confirm.market'), market.symbol],
              [t('trade:confirm.direction'), <span className={direction === 'up' ? 'up' : 'down'}>{t(`trade:seconds.${direction}`)}</span>],
              [t('trade:confirm.duration'), `${rule?.seconds ?? '--'}s`],
              // It opens at the market's last trade when the exchange accepts it, not at a price shown now.
              [
                t('trade:seconds.open_price'),
                <span className={styles.atMarket} data-testid="seconds-confirm-price">
                  {t('trade:confirm.at_market')}
                  <small className={styles.note}>{t('trade:confirm.live_price')}</small>
                </span>,
              ],
              [t('trade:confirm.stake'), `${amount} ${currency?.code ?? ''}`],
              [t('trade:confirm.fee'), `${signed(outcome?.fee, '')} ${currency?.code ?? ''}`],
              [t('trade:confirm.if_win'), <span className="up">{signed(outcome?.win, '+')}</span>],
              [t('trade:confirm.if_lose'), <span className="down">{signed(outcome?.lose, '-')}</span>],
            ]}
          />
        }
        onCancel={() => setConfirming(null)}
        onConfirm={() => void buy(direction)}
      />
    </>
  );
}

/** Open options with their countdowns (from the worker) and where the last trade stands against their open price. */
export function OpenOptions({ header = true }: { header?: boolean }) {
  useSignals();
  const t = useT();
  const list = openOptions.value;
  return (
    <section className={header ? styles.section : undefined}>
      {header && (
        <div className={styles.sectionHead}>
          <span className={`${styles.sectionTitle} ${styles.sectionTitleOn}`}>
            {t('trade:seconds.open')} ({list.length})
          </span>
          <Link to="/pages/transaction/seconds_order" className={styles.sectionAction}>
            {t('trade:orders.all')}
          </Link>
        </div>
      )}
      {list.length === 0 && <p className={styles.empty}>{t('trade:seconds.none')}</p>}
      {list.map((option) => (
        <OptionRow key={option.id} option={option} />
      ))}
    </section>
  );
}

function OptionRow({ option }: { option: OptionView }) {
  const t = useT();
  const quote = quoteOf(option.market_id);
  const clock = useMemo(() => {
    const left = countdownOf(option.id);
    return computed(() => (Number.isFinite(left.value) ? t('trade:seconds.left', { seconds: left.value }) : '--'));
  }, [option.id, t]);
  // Where it stands: what it would be if the last trade decided it (the server's own rule),
  // in the up and down colours; a tick rewrites the two cells and renders nothing.
  const standing = useMemo(() => {
    if (!quote) return null;
    const result = computed(() => {
      const last = quote.last.value;
      return Number.isFinite(last) ? optionResultAt(option.direction === 'up' ? 1 : -1, option.open_price, last.toFixed(quote.info.pricePrecision)) : null;
    });
    return {
      text: computed(() => (result.value ? t(`trade:seconds.standing.${result.value}`) : '')),
      tone: computed(() => (result.value ? TONES[result.value] : '')),
    };
  }, [quote, option.direction, option.open_price, t]);
  return (
    <div className={styles.order} data-testid="option">
      <OptionHead option={option}>
        {standing && <BoundText text={standing.text} className={styles.optionStanding} tone={standing.tone} testId="option-standing" />}
        <BoundText text={clock} className={styles.countdown} testId="option-countdown" />
      </OptionHead>
      <FactGrid
        facts={[
          [t('trade:confirm.stake'), `${formatAmount(option.stake, language.value)} ${option.code}`],
          [t('trade:seconds.open_price'), priceText(option.market_id, option.open_price), 'option-open-price'],
          [t('trade:book.last'), quote && standing ? <BoundText text={quote.lastText} className={styles.optionLast} tone={standing.tone} testId="option-last" /> : '--'],
        ]}
      />
    </div>
  );
}

/** The app's up, down and flat colours (ui/theme.css) for a standing. */
const TONES = { win: 'up', tie: 'flat', loss: 'down' } as const;
