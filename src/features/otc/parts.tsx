import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { formatAmount, formatFixed } from '../../../contract/format';
import { FIAT_CURRENCIES, type FiatCurrency } from '../../../contract/fiat';
import { BCP47 } from '../../../contract/languages';
import { Money } from '../../../contract/money';
import { api } from '../../api/client';
import { loggedIn } from '../../app/session';
import { ensureCore } from '../../core';
import { clockOffset } from '../../core/store';
import { language, useT } from '../../i18n';
import { useLoad } from '../../lib/useLoad';
import { Cell, CellGroup } from '../../ui/Cell';
import { CheckIcon } from '../../ui/icons-later';
import { Segmented } from '../../ui/form';
import { Sheet } from '../../ui/Sheet';
import { coins, loadCoins } from '../assets/wallet';
import { OTC_COINS, releaseTime, type OtcAd, type OtcCoin, type OtcOrder, type OtcSide, type PaymentKind } from './otc';
import styles from './otc.module.css';

/** The parts the OTC screens share: side, coin and fiat pickers, an advertiser's record, what a user still needs, the server's clock. */

/** Buy or sell: what the user wants to do. */
export function SideSwitch({ value, onChange }: { value: OtcSide; onChange: (side: OtcSide) => void }) {
  const t = useT();
  return (
    <Segmented
      options={[
        { value: 'buy', label: <span data-testid="otc-side-buy">{t('otc:side.buy')}</span> },
        { value: 'sell', label: <span data-testid="otc-side-sell">{t('otc:side.sell')}</span> },
      ]}
      value={value}
      onChange={onChange}
    />
  );
}

/** The coins traded over the counter, one on. */
export function CoinChips({ value, onChange }: { value: OtcCoin; onChange: (coin: OtcCoin) => void }) {
  const t = useT();
  return (
    <div className={styles.chips} role="group" aria-label={t('otc:coin')}>
      {OTC_COINS.map((coin) => (
        <button
          key={coin}
          type="button"
          aria-pressed={coin === value}
          className={`${styles.chip} ${coin === value ? styles.chipOn : ''}`}
          onClick={() => onChange(coin)}
          data-testid={`otc-coin-${coin}`}
        >
          {coin}
        </button>
      ))}
    </div>
  );
}

/** The fiat currency, chosen from a sheet of the eleven (named in the user's language). */
export function FiatPicker({ value, onChange }: { value: FiatCurrency; onChange: (fiat: FiatCurrency) => void }) {
  useSignals();
  const t = useT();
  const [open, setOpen] = useState(false);
  const names = new Intl.DisplayNames([BCP47[language.value]], { type: 'currency' });
  return (
    <>
      <button type="button" className={styles.fiatButton} onClick={() => setOpen(true)} aria-label={t('otc:fiat.choose', { fiat: value })} data-testid="otc-fiat">
        {value} <span aria-hidden="true">▾</span>
      </button>
      <Sheet open={open} title={t('otc:fiat.title')} onClose={() => setOpen(false)} testId="otc-fiat-sheet">
        <CellGroup>
          {FIAT_CURRENCIES.map((code) => (
            <Cell
              key={code}
              title={`${code} · ${names.of(code) ?? code}`}
              arrow={false}
              testId={`otc-fiat-${code}`}
              onClick={() => {
                onChange(code);
                setOpen(false);
              }}
              value={
                code === value ? (
                  <span className={styles.check}>
                    <CheckIcon size={18} />
                  </span>
                ) : (
                  ''
                )
              }
            />
          ))}
        </CellGroup>
      </Sheet>
    </>
  );
}

/** The OTC coins' currency ids and decimals (from the coin list), once it has loaded. */
export function useOtcCoins(): Partial<Record<OtcCoin, { id: number; precision: number }>> {
  useSignals();
  useEffect(() => void loadCoins(), []);
  const found: Partial<Record<OtcCoin, { id: number; precision: number }>> = {};
  for (const coin of coins.value) if ((OTC_COINS as readonly string[]).includes(coin.name)) found[coin.name as OtcCoin] = { id: coin.id, precision: coin.precision };
  return found;
}

/** An amount of a coin or fiat as the server sent it, with its code: "1,000.00 CNY". */
export function Amount({ value, code, testId }: { value: string; code: string; testId?: string }) {
  return (
    <span className={styles.amount} data-testid={testId}>
      {formatAmount(value, language.value)} <span className={styles.unit}>{code}</span>
    </span>
  );
}

/** An advertisement's limits per order: "100.00 – 1,000.00 CNY". */
export function LimitsText({ ad }: { ad: Pick<OtcAd, 'min_fiat' | 'max_fiat' | 'fiat'> }) {
  const lang = language.value;
  return (
    <span className={styles.amount}>
      {formatAmount(ad.min_fiat, lang)} – {formatAmount(ad.max_fiat, lang)} <span className={styles.unit}>{ad.fiat}</span>
    </span>
  );
}

/**
 * The advertiser and their record over the last 30 days, all from their orders: orders,
 * completion rate, average time to release; "New" while no order of theirs has finished.
 */
export function Advertiser({ advertiser }: { advertiser: OtcAd['advertiser'] }) {
  const t = useT();
  const lang = language.value;
  const release = advertiser.avg_release_seconds === null ? null : releaseTime(advertiser.avg_release_seconds);
  return (
    <div className={styles.advertiser}>
      <span className={styles.avatar} aria-hidden="true">
        {advertiser.name.slice(0, 1).toUpperCase()}
      </span>
      <div className={styles.advertiserText}>
        <span className={styles.name} data-testid="otc-advertiser">
          {advertiser.name}
        </span>
        <span className={styles.record} data-testid="otc-record">
          {advertiser.orders_30d > 0 && <span>{t('otc:advertiser.orders', { count: advertiser.orders_30d })}</span>}
          {advertiser.completion_rate === null ? (
            // Nothing finished in 30 days: no rate or release time to show yet.
            <span className={styles.newBadge}>{t('otc:advertiser.new')}</span>
          ) : (
            <span>{t('otc:advertiser.rate', { rate: `${formatFixed(new Money(advertiser.completion_rate).times(100).toNumber(), 1, lang)}%` })}</span>
          )}
          {release && <span>{t(`otc:advertiser.release_${release.unit}`, { count: release.count })}</span>}
        </span>
      </div>
    </div>
  );
}

/** The kinds of card an advertisement is paid to. */
export function PaymentBadges({ kinds }: { kinds: readonly PaymentKind[] }) {
  const t = useT();
  return (
    <span className={styles.badges}>
      {kinds.map((kind) => (
        <span key={kind} className={`${styles.badge} ${kind === 'domestic' ? styles.badgeDomestic : styles.badgeInternational}`}>
          {t(`otc:payments.${kind}`)}
        </span>
      ))}
    </span>
  );
}

/** An order's state, as a small coloured label. */
export function StatusBadge({ status }: { status: OtcOrder['status'] }) {
  const t = useT();
  const tone = status === 'released' ? styles.toneGood : status === 'pending' || status === 'paid' ? styles.toneWait : status === 'appeal' ? styles.toneAlert : styles.toneFlat;
  return (
    <span className={`${styles.status} ${tone}`} data-testid="otc-status">
      {t(`otc:status.${status}`)}
    </span>
  );
}

/** What the user has of what OTC needs: the verification level, its per-order limit in USDT, the kinds of bank card on file. */
export interface Readiness {
  level: number;
  limit: string;
  cards: readonly PaymentKind[];
}

/** The logged-in user's readiness for OTC, or null for a visitor and while it loads. */
export function useReadiness(): Readiness | null {
  useSignals();
  const logged = loggedIn.value;
  const { data } = useLoad(async (): Promise<Readiness | null> => {
    if (!logged) return null;
    const state = await api('GET /real/state', {}, { silent: true });
    // The cards answer only from level 1 (998 before, which would lead away from the screen).
    if (state.level < 1) return { level: state.level, limit: state.otc_limit_usdt, cards: [] };
    const [domestic, international] = await Promise.all([api('POST /user/cash_info', {}, { silent: true }), api('POST /user/cash_info_international', {}, { silent: true })]);
    const cards: PaymentKind[] = [];
    if (domestic) cards.push('domestic');
    if (international) cards.push('international');
    return { level: state.level, limit: state.otc_limit_usdt, cards };
  }, [logged]);
  return data ?? null;
}

const CARD_PATHS = { domestic: '/pages/setting/bank', international: '/pages/setting/bank_international' } as const;

/**
 * What the user still needs before the server would accept: verification level 1, and a
 * bank card of the payment kinds (`need` "any": one of them, as a seller taking an
 * advertisement; "each": every one, as an advertiser), with the way to each.
 */
export function Requirements({ readiness, kinds = [], need = 'any' }: { readiness: Readiness | null; kinds?: readonly PaymentKind[]; need?: 'any' | 'each' }) {
  const t = useT();
  if (!readiness) return null;
  const verified = readiness.level >= 1;
  const missing = kinds.filter((kind) => !readiness.cards.includes(kind));
  const cardsShort = kinds.length > 0 && (need === 'each' ? missing.length > 0 : missing.length === kinds.length);
  if (verified && !cardsShort) return null;
  return (
    <div className={styles.requirements} role="note" data-testid="otc-requirements">
      {!verified && (
        <p className={styles.requirement}>
          <span>{t('otc:needs.level')}</span>
          <Link to="/pages/setting/real" className={styles.link} data-testid="otc-need-level">
            {t('otc:needs.verify')}
          </Link>
        </p>
      )}
      {cardsShort && (
        <p className={styles.requirement}>
          <span>{need === 'each' ? t('otc:needs.cards_each') : t('otc:needs.cards_any')}</span>
          {missing.map((kind) => (
            <Link key={kind} to={CARD_PATHS[kind]} className={styles.link} data-testid={`otc-need-${kind}`}>
              {t(`otc:needs.add_${kind}`)}
            </Link>
          ))}
        </p>
      )}
    </div>
  );
}

/**
 * The exchange's time now, again every second: the device's clock set right by the
 * realtime socket's measure (started here if no screen has yet), as the option
 * countdowns run, so a phone whose clock is off still counts down to the server's deadline.
 */
export function useServerNow(): number {
  useSignals();
  const [device, setDevice] = useState(Date.now);
  useEffect(() => {
    ensureCore();
    const timer = setInterval(() => setDevice(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  // serverNow(), read through the signal so a new measure shows at once.
  return device + clockOffset.value;
}
