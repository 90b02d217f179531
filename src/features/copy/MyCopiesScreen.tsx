import { computed } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '@tanstack/react-router';
import { useMemo, useState, type ReactNode } from 'react';
import type { ApiOutput } from '../../../contract/api';
import { directionOf, formatAmount, formatDate, formatDateTime } from '../../../contract/format';
import { api } from '../../api/client';
import { figuresOf, positions } from '../../core/account';
import { useAccountWatch, useTickers } from '../../core/hooks';
import { language, useT } from '../../i18n';
import { useLoad } from '../../lib/useLoad';
import { usePaged } from '../../lib/usePaged';
import { useSubmit } from '../../lib/useSubmit';
import { BoundText } from '../../ui/BoundText';
import { ConfirmDialog } from '../../ui/Dialog';
import { ListFooter } from '../../ui/ListFooter';
import { Screen } from '../../ui/Screen';
import { Skeleton } from '../../ui/Skeleton';
import { toast } from '../../ui/toast';
import { closeReasonLabel, FactGrid, numberText, OrderHead, pricePrecisionOf, priceText } from '../trade/shared';
import tradeStyles from '../trade/trade.module.css';
import { CopyMark, Profit, TraderWho, type Follow } from './parts';
import styles from './copy.module.css';

type CopyPosition = ApiOutput<'GET /follow/historyTrade'>['data'][number];
type Skip = ApiOutput<'GET /follow/my'>['skips'][number];
type Tab = 'current' | 'history';

/** How many skipped copies show before "show all". */
const SKIPS_FIRST = 3;

/** A follow's settings and results, as the trader's page and My copies show them. */
export function FollowSummary({ follow }: { follow: Follow }) {
  const t = useT();
  const lang = language.value;
  const usdt = (amount: string) => `${formatAmount(amount, lang)} USDT`;
  const facts: [string, ReactNode, string?][] = [
    [t('copy:my.mode'), t(follow.mode === 'multiple' ? 'copy:mode.multiple_text' : 'copy:mode.lots_text', { number: formatAmount(follow.number, lang) }), 'follow-mode'],
    [t('copy:my.cap'), follow.max_margin === null ? t('copy:my.none_set') : usdt(follow.max_margin)],
    [t('copy:my.end'), follow.end_time === null ? t('copy:my.none_set') : formatDate(follow.end_time - 1, lang)],
    [t('copy:my.open_copies'), String(follow.open_copies), 'follow-open-copies'],
    [`${t('copy:my.earnings')} (USDT)`, <Profit amount={follow.earnings} testId="follow-earnings" />],
    [t('copy:my.shared'), usdt(follow.shared)],
    [t('copy:my.margin_used'), usdt(follow.margin_used)],
    follow.closed_at === null ? [t('copy:my.since'), formatDateTime(follow.created_at, lang)] : [t('copy:my.closed'), formatDateTime(follow.closed_at, lang)],
  ];
  return (
    <dl className={styles.facts}>
      {facts.map(([label, value, testId]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * copytrade/my: the traders the user follows (and followed) with their results and Stop;
 * the latest copies that were skipped and why; and the copied positions, current (live
 * profit from the worker, and self-hold) or closed.
 */
export function MyCopiesScreen() {
  useSignals();
  const t = useT();
  useTickers();
  useAccountWatch();
  const [version, setVersion] = useState(0);
  const [tab, setTab] = useState<Tab>('current');
  // The account's copies as the worker sees them: a copy opened with its trader, or one closed, reads both lists again.
  const copyKey = useMemo(
    () =>
      computed(() =>
        positions.value
          .filter((position) => position.copy !== null)
          .map((position) => `${position.id}:${position.status}:${position.copy?.linked ? 1 : 0}`)
          .join(','),
      ),
    [],
  ).value;
  const { data } = useLoad(() => api('GET /follow/my', {}), [version, copyKey]);
  const [stopping, setStopping] = useState<Follow | null>(null);
  const [, run] = useSubmit();
  const stop = (follow: Follow) =>
    run(async () => {
      setStopping(null);
      await api('POST /follow/cancel', { follow_user_id: follow.trader_user_id });
      toast(t('copy:trader.cancelled', { name: follow.nickname }));
      setVersion((v) => v + 1);
    });

  return (
    <Screen title={t('copy:my.title')}>
      <div className={styles.page}>
        <h2 className={styles.sectionTitle}>{t('copy:my.follows')}</h2>
        {!data && <Skeleton shape="card" />}
        {data?.follows.length === 0 && (
          <div className={styles.emptyBox}>
            <p className={styles.note}>{t('copy:my.none')}</p>
            <Link to="/pages/follow/index" className={styles.action}>
              {t('copy:my.find')}
            </Link>
          </div>
        )}
        {data?.follows.map((follow) => (
          <section key={follow.id} className={styles.follow} data-testid="my-follow" data-trader={follow.trader_user_id}>
            <div className={styles.followHead}>
              <Link to="/pages/follow/trader" search={{ id: follow.trader_user_id }} className={styles.whoLink}>
                <TraderWho trader={follow} size={36} />
              </Link>
              <span className={`${styles.status} ${follow.status === 'active' ? styles.active : styles.inactive}`} data-testid="follow-status">
                {t(`copy:my.status.${follow.status}`)}
              </span>
            </div>
            <FollowSummary follow={follow} />
            {follow.status === 'active' && (
              <div className={styles.actions}>
                <Link to="/pages/follow/follow" search={{ id: follow.trader_user_id }} className={styles.action}>
                  {t('copy:trader.edit')}
                </Link>
                <button type="button" className={styles.action} onClick={() => setStopping(follow)} data-testid="my-follow-stop">
                  {t('copy:trader.cancel')}
                </button>
              </div>
            )}
          </section>
        ))}
        {data && data.skips.length > 0 && <Skips skips={data.skips} />}
      </div>
      <div className={tradeStyles.sectionHead} role="tablist">
        {(['current', 'history'] as const).map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            className={`${tradeStyles.sectionTitle} ${tab === key ? tradeStyles.sectionTitleOn : ''}`}
            onClick={() => setTab(key)}
            data-testid={`copies-tab-${key}`}
          >
            {t(`copy:my.${key}`)}
          </button>
        ))}
      </div>
      {tab === 'current' ? <CurrentCopies copyKey={copyKey} onChange={() => setVersion((v) => v + 1)} /> : <ClosedCopies />}
      <ConfirmDialog
        open={stopping !== null}
        title={t('copy:trader.cancel')}
        message={stopping ? t('copy:trader.cancel_confirm', { name: stopping.nickname }) : ''}
        onCancel={() => setStopping(null)}
        onConfirm={() => stopping && void stop(stopping)}
      />
    </Screen>
  );
}

function Skips({ skips }: { skips: readonly Skip[] }) {
  const t = useT();
  const lang = language.value;
  const [all, setAll] = useState(false);
  const shown = all ? skips : skips.slice(0, SKIPS_FIRST);
  return (
    <section className={styles.box} data-testid="skips">
      <span className={styles.boxTitle}>{t('copy:my.skips')}</span>
      <div>
        {shown.map((skip) => (
          <div key={skip.id} className={styles.skip} data-testid="skip">
            <div className={styles.skipHead}>
              <span>
                {skip.nickname} · {skip.symbol} {t(skip.direction === 'buy' ? 'trade:contract.long' : 'trade:contract.short')}
              </span>
              <time>{formatDateTime(skip.created_at, lang)}</time>
            </div>
            <span>{skip.message}</span>
          </div>
        ))}
      </div>
      {skips.length > SKIPS_FIRST && (
        <button type="button" className={styles.link} onClick={() => setAll(!all)}>
          {all ? t('copy:my.show_fewer') : t('copy:my.show_all')}
        </button>
      )}
    </section>
  );
}

/**
 * Open copies, a page at a time; read again whenever the worker's list of the account's
 * copies changes (`copyKey`), each row's profit, mark and liquidation price bound to the
 * worker's live figures.
 */
function CurrentCopies({ copyKey, onChange }: { copyKey: string; onChange: () => void }) {
  const t = useT();
  const list = usePaged('GET /follow/historyTrade', { status: 'current' }, [copyKey]);
  const [holding, setHolding] = useState<CopyPosition | null>(null);
  const [busy, run] = useSubmit();
  const selfHold = (copy: CopyPosition) =>
    run(async () => {
      setHolding(null);
      await api('POST /follow/selfHolding', { transaction_id: copy.position.id });
      toast(t('copy:my.self_held_done'));
      list.reload();
      onChange();
    });
  return (
    <>
      {list.items.map((copy) => (
        <CurrentCopy key={copy.position.id} copy={copy}>
          {copy.position.copy?.linked && copy.position.status === 'open' && (
            <button type="button" className={tradeStyles.small} disabled={busy} onClick={() => setHolding(copy)} data-testid={`self-hold-${copy.position.id}`}>
              {t('copy:my.self_hold')}
            </button>
          )}
        </CurrentCopy>
      ))}
      {!list.loading && list.items.length === 0 ? <p className={styles.empty}>{t('copy:my.no_current')}</p> : <ListFooter {...list} skeleton="facts" />}
      <ConfirmDialog
        open={holding !== null}
        title={t('copy:my.self_hold_title')}
        message={holding ? t('copy:my.self_hold_confirm', { name: holding.nickname }) : ''}
        onCancel={() => setHolding(null)}
        onConfirm={() => holding && void selfHold(holding)}
      />
    </>
  );
}

function CurrentCopy({ copy, children }: { copy: CopyPosition; children: ReactNode }) {
  const t = useT();
  const lang = language.value;
  const { position } = copy;
  const decimals = pricePrecisionOf(position.market_id);
  const cells = useMemo(() => {
    const figures = figuresOf(position.id);
    return {
      profit: numberText(() => figures.profit.value, 2, { signed: true }),
      tone: computed(() => directionOf(Math.round(figures.profit.value * 100))),
      mark: numberText(() => figures.price.value, decimals),
      liquidation: numberText(() => figures.liquidation.value, decimals),
    };
  }, [position.id, decimals]);
  const long = position.direction === 'buy';
  const open = position.status === 'open';
  return (
    <div className={tradeStyles.order} data-testid="copy-position" data-position={position.id}>
      <OrderHead up={long} side={t(long ? 'trade:contract.long' : 'trade:contract.short')} symbol={position.symbol} tag={`${position.multiple}x`}>
        {open && <BoundText text={cells.profit} tone={cells.tone} className={tradeStyles.profit} testId="copy-profit" />}
      </OrderHead>
      {copy.position.copy && <CopyMark copy={copy.position.copy} name={copy.nickname} />}
      <FactGrid
        facts={[
          [t('trade:contract.lots'), `${position.share} · ${position.quantity}`, 'copy-lots'],
          [t('trade:contract.open_price'), priceText(position.market_id, position.price)],
          [t('trade:contract.margin'), formatAmount(position.margin, lang)],
          open && [t('trade:contract.mark'), <BoundText text={cells.mark} />],
          open && [t('trade:contract.liquidation'), <BoundText text={cells.liquidation} />],
          ['TP / SL', `${priceText(position.market_id, position.target_profit_price)} / ${priceText(position.market_id, position.stop_loss_price)}`],
          [t('trade:contract.fee'), formatAmount(position.fee, lang)],
          [t('trade:contract.opened_at'), formatDateTime(position.opened_at ?? position.created_at, lang)],
        ]}
      />
      <div className={tradeStyles.rowActions}>{children}</div>
    </div>
  );
}

function ClosedCopies() {
  const t = useT();
  const lang = language.value;
  const list = usePaged('GET /follow/historyTrade', { status: 'history' });
  return (
    <>
      {list.items.map((copy) => {
        const { position } = copy;
        const long = position.direction === 'buy';
        return (
          <div key={position.id} className={tradeStyles.order} data-testid="copy-closed">
            <OrderHead up={long} side={t(long ? 'trade:contract.long' : 'trade:contract.short')} symbol={position.symbol} tag={closeReasonLabel(t, position.close_reason)}>
              <span className={tradeStyles.profit}>
                <Profit amount={position.profit ?? '0'} />
              </span>
            </OrderHead>
            {copy.position.copy && <CopyMark copy={copy.position.copy} name={copy.nickname} />}
            <FactGrid
              facts={[
                [t('trade:contract.lots'), `${position.share} · ${position.multiple}x`],
                [t('trade:contract.open_price'), priceText(position.market_id, position.price)],
                [t('trade:contract.close_price'), priceText(position.market_id, position.close_price)],
                [t('trade:contract.fee'), formatAmount(position.fee, lang)],
                [t('copy:my.shared'), formatAmount(position.copy?.profit_share ?? '0', lang)],
                [t('trade:contract.closed_at'), position.closed_at ? formatDateTime(position.closed_at, lang) : '--'],
              ]}
            />
          </div>
        );
      })}
      {!list.loading && list.items.length === 0 ? <p className={styles.empty}>{t('copy:my.no_history')}</p> : <ListFooter {...list} skeleton="facts" />}
    </>
  );
}
