import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatAgo, language, useT } from '../../i18n';
import { usePaged } from '../../lib/usePaged';
import { ListFooter } from '../../ui/ListFooter';
import { Screen } from '../../ui/Screen';
import { percentText, Profit, Sparkline, TraderWho, type TraderCard } from './parts';
import entries from '../../ui/entries.module.css';
import styles from './copy.module.css';

type Kind = 'all' | 'people' | 'bots';
type Sort = 'profit' | 'win_rate' | 'followers';

/** follow/index: the traders to follow, people and bots, with their figures; sorted and filtered, a page at a time. */
export function TraderListScreen() {
  useSignals();
  const t = useT();
  const [kind, setKind] = useState<Kind>('all');
  const [sort, setSort] = useState<Sort>('profit');
  const list = usePaged('GET /follow/index', { kind, sort });
  const now = Date.now();
  return (
    <Screen title={t('copy:title')}>
      <div className={styles.page}>
        <p className={styles.note}>{t('copy:intro')}</p>
        <div className={entries.entries}>
          <Link to="/pages/copytrade/my" className={entries.entry} data-testid="copy-my">
            {t('copy:entry.my')}
          </Link>
          <Link to="/pages/copytrade/trader" className={entries.entry} data-testid="copy-become">
            {t('copy:entry.become')}
          </Link>
        </div>
        <div className={styles.controls}>
          <Chips label={t('copy:filters.label')} options={['all', 'people', 'bots'] as const} value={kind} onChange={setKind} text={(key) => t(`copy:filters.${key}`)} testId="copy-kind" />
          <Chips label={t('copy:sort.label')} options={['profit', 'win_rate', 'followers'] as const} value={sort} onChange={setSort} text={(key) => t(`copy:sort.${key}`)} testId="copy-sort" />
        </div>
        {list.items.map((trader) => (
          <TraderCardView key={trader.user_id} trader={trader} now={now} />
        ))}
      </div>
      <ListFooter {...list} skeleton="card" />
    </Screen>
  );
}

/** A row of choices, one on (a filter or an order). */
function Chips<T extends string>({
  label,
  options,
  value,
  onChange,
  text,
  testId,
}: {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  text: (value: T) => string;
  testId: string;
}) {
  return (
    <div className={styles.chips} role="group" aria-label={label}>
      <span className={styles.chipsLabel} aria-hidden="true">
        {label}
      </span>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === value}
          className={`${styles.chip} ${option === value ? styles.chipOn : ''}`}
          onClick={() => onChange(option)}
          data-testid={`${testId}-${option}`}
        >
          {text(option)}
        </button>
      ))}
    </div>
  );
}

function TraderCardView({ trader, now }: { trader: TraderCard; now: number }) {
  const t = useT();
  const lang = language.value;
  const { stats } = trader;
  return (
    <Link to="/pages/follow/trader" search={{ id: trader.user_id }} className={styles.card} data-testid="trader-card" data-trader={trader.user_id}>
      <div className={styles.head}>
        <TraderWho trader={trader} />
        <Sparkline curve={stats.curve} />
      </div>
      {trader.signature && <p className={styles.signature}>{trader.signature}</p>}
      <dl className={styles.figures}>
        <div>
          <dt>{t('copy:stats.total_profit')} (USDT)</dt>
          <dd>
            <Profit amount={stats.total_profit} testId="trader-profit" />
          </dd>
        </div>
        <div>
          <dt>{t('copy:stats.win_rate')}</dt>
          <dd>{percentText(stats.win_rate, lang)}</dd>
        </div>
        <div>
          <dt>{t('copy:stats.followers')}</dt>
          <dd data-testid="trader-followers">{stats.followers}</dd>
        </div>
      </dl>
      <span className={styles.updated}>{stats.computed_at === null ? t('copy:card.not_computed') : t('copy:card.updated', { ago: formatAgo(stats.computed_at, now) })}</span>
    </Link>
  );
}
