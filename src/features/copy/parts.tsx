import type { ApiOutput } from '../../../contract/api';
import { directionOf, formatDateTime, formatFixed, formatSigned } from '../../../contract/format';
import type { Language } from '../../../contract/languages';
import { Money } from '../../../contract/money';
import { api } from '../../api/client';
import { language, useT } from '../../i18n';
import { useLoad } from '../../lib/useLoad';
import { Avatar } from '../../ui/Avatar';
import { closeReasonLabel, FactGrid, OrderHead, priceText } from '../trade/shared';
import tradeStyles from '../trade/trade.module.css';
import styles from './copy.module.css';

export type TraderCard = ApiOutput<'GET /follow/index'>['data'][number];
export type CopyRules = ApiOutput<'GET /follow/index'>['rules'];
export type Follow = ApiOutput<'GET /follow/my'>['follows'][number];
type Position = ApiOutput<'GET /follow/traderDetail'>['positions'][number];

/** A fraction as a percent: 0.625 reads 62.5%, '--' when there is none (no closed order yet). */
export function percentText(fraction: string | null, lang: Language, decimals = 1): string {
  if (fraction === null) return '--';
  return `${formatFixed(new Money(fraction).times(100).toNumber(), decimals, lang)}%`;
}

/** Wins of orders, and their share: 3/5 · 60.0%. */
export function successText(wins: number, orders: number, lang: Language): string {
  return orders === 0 ? '--' : `${wins}/${orders} · ${percentText(String(wins / orders), lang)}`;
}

/** A profit in USDT, signed and coloured (up, down, flat), to cents. */
export function Profit({ amount, testId }: { amount: string; testId?: string }) {
  const value = Number(amount);
  return (
    <span className={directionOf(Math.round(value * 100))} data-testid={testId}>
      {formatSigned(value, 2, language.value)}
    </span>
  );
}

/** A trader's avatar, nickname and Bot badge. */
export function TraderWho({ trader, size = 44 }: { trader: { nickname: string; head_portrait: string; bot: boolean }; size?: number }) {
  const t = useT();
  return (
    <div className={styles.who}>
      <Avatar src={trader.head_portrait} name={trader.nickname} size={size} />
      <div className={styles.whoText}>
        <span className={styles.name}>
          <span className={styles.nameText} data-testid="trader-name">
            {trader.nickname}
          </span>
          {trader.bot && (
            <span className={styles.bot} data-testid="bot-badge">
              {t('copy:bot')}
            </span>
          )}
        </span>
      </div>
    </div>
  );
}

/**
 * Cumulative profit at the end of each of the last 30 days as a small line, scaled to its
 * own range: green when it ends above where it started, red below, grey when flat.
 */
export function Sparkline({ curve, width = 96, height = 36 }: { curve: readonly string[]; width?: number; height?: number }) {
  const t = useT();
  const values = curve.map(Number).filter(Number.isFinite);
  if (values.length < 2) return null;
  const low = Math.min(...values);
  const high = Math.max(...values);
  const pad = 2;
  const span = high - low;
  const points = values
    .map((value, i) => {
      const x = pad + (i * (width - 2 * pad)) / (values.length - 1);
      const y = span === 0 ? height / 2 : pad + ((high - value) * (height - 2 * pad)) / span;
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  const trend = directionOf(Math.round(((values.at(-1) ?? 0) - (values[0] ?? 0)) * 100));
  return (
    <svg className={`${styles.spark} ${trend}`} width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={t('copy:card.curve')} data-testid="sparkline">
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

/** Marks a copied position: whose copy (when the name is known), and self-held once unlinked. */
export function CopyMark({ copy, name }: { copy: { linked: boolean }; name?: string }) {
  const t = useT();
  return (
    <div className={styles.badges} data-testid="copy-mark">
      <span className={`${tradeStyles.badge} ${tradeStyles.badgeFlat}`}>{name ? t('copy:my.copy_of', { name }) : t('trade:contract.copy_badge')}</span>
      {!copy.linked && (
        <span className={`${tradeStyles.badge} ${tradeStyles.badgeFlat}`} data-testid="self-held">
          {t('trade:contract.self_held')}
        </span>
      )}
    </div>
  );
}

/** The copy trading rules (sizes, profit share, delay) as the server sets them. */
export function useCopyRules(): CopyRules | undefined {
  return useLoad(() => api('GET /follow/rules', {}, { silent: true })).data;
}

/** A trader's own position (open, or closed with its result), as their page lists it. */
export function TraderPosition({ position }: { position: Position }) {
  const t = useT();
  const lang = language.value;
  const long = position.direction === 'buy';
  const closed = position.status === 'closed';
  return (
    <div className={styles.list}>
      <div className={tradeStyles.order} data-testid={closed ? 'trader-closed' : 'trader-position'}>
        <OrderHead
          up={long}
          side={t(long ? 'trade:contract.long' : 'trade:contract.short')}
          symbol={position.symbol}
          tag={closed ? closeReasonLabel(t, position.close_reason) : `${position.multiple}x`}
        >
          {closed && <Profit amount={position.profit ?? '0'} />}
        </OrderHead>
        <FactGrid
          facts={[
            [t('trade:contract.lots'), closed ? `${position.share} · ${position.multiple}x` : String(position.share)],
            [t('trade:contract.open_price'), priceText(position.market_id, position.price)],
            closed
              ? [t('trade:contract.close_price'), priceText(position.market_id, position.close_price)]
              : ['TP / SL', `${priceText(position.market_id, position.target_profit_price)} / ${priceText(position.market_id, position.stop_loss_price)}`],
            [t('trade:contract.opened_at'), position.opened_at ? formatDateTime(position.opened_at, lang) : '--'],
            closed && [t('trade:contract.closed_at'), position.closed_at ? formatDateTime(position.closed_at, lang) : '--'],
          ]}
        />
      </div>
    </div>
  );
}
