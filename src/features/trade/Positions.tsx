import { computed } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useMemo, useState, type ReactNode } from 'react';
import type { PositionView } from '../../../contract/worker-api';
import { api } from '../../api/client';
import { accountSummary, figuresOf, positions } from '../../core/account';
import { language, useT } from '../../i18n';
import { cleanAmount } from '../../lib/amount';
import { directionOf, formatAmount, formatDateTime, formatFixed } from '../../../contract/format';
import { useSubmit } from '../../lib/useSubmit';
import { BoundText } from '../../ui/BoundText';
import { ConfirmDialog } from '../../ui/Dialog';
import { Sheet } from '../../ui/Sheet';
import { toast } from '../../ui/toast';
import { CopyMark } from '../copy/parts';
import { FactGrid, NumberBox, numberText, OrderHead, pricePrecisionOf, priceText } from './shared';
import styles from './trade.module.css';

/** The futures account, live: balance, margins, unrealised profit and risk rate. */
function AccountLine() {
  const t = useT();
  const text = useMemo(() => {
    return {
      balance: numberText(() => accountSummary.value?.balance, 2),
      margins: numberText(() => accountSummary.value?.margins, 2),
      profit: numberText(() => accountSummary.value?.profit, 2, {
        signed: true,
      }),
      profitTone: computed(() => directionOf(Math.round((accountSummary.value?.profit ?? 0) * 100))),
      risk: numberText(
        () => {
          const risk = accountSummary.value?.risk;
          return risk === null || risk === undefined ? null : risk * 100;
        },
        2,
        { suffix: '%' },
      ),
    };
  }, []);
  const threshold = accountSummary.value ? accountSummary.value.liquidationRisk * 100 : 20;
  return (
    <div className={styles.account} data-testid="futures-account">
      <dl className={styles.accountFigures}>
        <div>
          <dt>{t('trade:contract.balance')} (USDT)</dt>
          <dd>
            <BoundText text={text.balance} testId="account-balance" />
          </dd>
        </div>
        <div>
          <dt>{t('trade:contract.margins')}</dt>
          <dd>
            <BoundText text={text.margins} />
          </dd>
        </div>
        <div>
          <dt>{t('trade:contract.profit')}</dt>
          <dd>
            <BoundText text={text.profit} tone={text.profitTone} testId="account-profit" />
          </dd>
        </div>
        <div>
          <dt>{t('trade:contract.risk')}</dt>
          <dd>
            <BoundText text={text.risk} testId="account-risk" />
          </dd>
        </div>
      </dl>
      <p className={styles.accountNote}>
        {t('trade:contract.risk_note', {
          threshold: formatFixed(threshold, 0, language.value),
        })}
      </p>
    </div>
  );
}

/** Open positions (live P/L, mark and liquidation prices) and waiting limit orders, with their actions. */
export function Positions({ embedded = true }: { embedded?: boolean }) {
  useSignals();
  const t = useT();
  const list = positions.value;
  const open = list.filter((p) => p.status === 'open');
  const waiting = list.filter((p) => p.status === 'pending');
  const [closing, setClosing] = useState<PositionView | null>(null);
  const [editing, setEditing] = useState<PositionView | null>(null);
  const [choosing, setChoosing] = useState(false);
  const [closeAll, setCloseAll] = useState<'all' | 'buy' | 'sell' | null>(null);
  const [busy, run] = useSubmit();

  const close = (position: PositionView) =>
    run(async () => {
      setClosing(null);
      const closed = await api('POST /lever/close', { id: position.id });
      toast(t('trade:contract.closed', { profit: closed.profit ?? '0' }));
    });
  const cancel = (position: PositionView) =>
    run(async () => {
      await api('POST /lever/cancel', { id: position.id });
      toast(t('trade:contract.cancelled'));
    });
  const countOf = (which: 'all' | 'buy' | 'sell') => open.filter((p) => which === 'all' || p.direction === which).length;
  const batch = (which: 'all' | 'buy' | 'sell') =>
    run(async () => {
      setCloseAll(null);
      const result = await api('POST /lever/batch_close', { type: which });
      toast(
        result.closed === 0
          ? t('trade:contract.nothing_to_close')
          : t('trade:contract.closed_many', {
              count: result.closed,
              profit: result.profit,
            }),
      );
    });

  return (
    <section className={embedded ? styles.section : undefined}>
      <AccountLine />
      <div className={styles.sectionHead}>
        <span className={`${styles.sectionTitle} ${styles.sectionTitleOn}`}>
          {t('trade:contract.positions')} ({open.length})
        </span>
        <button type="button" className={styles.sectionAction} onClick={() => setChoosing(true)} disabled={open.length === 0} data-testid="close-all">
          {t('trade:contract.close_all')}
        </button>
      </div>
      {open.length === 0 && <p className={styles.empty}>{t('trade:contract.none')}</p>}
      {open.map((position) => (
        <PositionRow key={position.id} position={position}>
          <button type="button" className={styles.small} onClick={() => setEditing(position)} data-testid={`stops-${position.id}`}>
            {t('trade:contract.set_stops')}
          </button>
          <button type="button" className={styles.small} disabled={busy} onClick={() => setClosing(position)} data-testid={`close-${position.id}`}>
            {t('trade:contract.close')}
          </button>
        </PositionRow>
      ))}
      {waiting.length > 0 && (
        <>
          <div className={styles.sectionHead}>
            <span className={`${styles.sectionTitle} ${styles.sectionTitleOn}`}>
              {t('trade:contract.pending')} ({waiting.length})
            </span>
          </div>
          {waiting.map((position) => (
            <PositionRow key={position.id} position={position}>
              <button type="button" className={styles.small} disabled={busy} onClick={() => void cancel(position)} data-testid={`cancel-position-${position.id}`}>
                {t('trade:contract.cancel')}
              </button>
            </PositionRow>
          ))}
        </>
      )}
      <ConfirmDialog open={closing !== null} message={t('trade:contract.close_confirm')} onCancel={() => setClosing(null)} onConfirm={() => closing && void close(closing)} />
      <Sheet open={choosing} title={t('trade:contract.close_which')} onClose={() => setChoosing(false)} testId="close-all-sheet">
        {(['all', 'buy', 'sell'] as const).map((which) => (
          <button
            key={which}
            type="button"
            className={styles.choice}
            onClick={() => {
              setChoosing(false);
              setCloseAll(which);
            }}
            data-testid={`close-all-${which}`}
          >
            {t(which === 'all' ? 'trade:contract.close_all_all' : which === 'buy' ? 'trade:contract.close_all_long' : 'trade:contract.close_all_short')} ({countOf(which)})
          </button>
        ))}
        <button type="button" className={`${styles.choice} ${styles.choiceCancel}`} onClick={() => setChoosing(false)} data-testid="close-all-cancel">
          {t('common:cancel')}
        </button>
      </Sheet>
      <ConfirmDialog
        open={closeAll !== null}
        message={t('trade:contract.close_all_confirm', {
          count: closeAll ? countOf(closeAll) : 0,
        })}
        onCancel={() => setCloseAll(null)}
        onConfirm={() => closeAll && void batch(closeAll)}
      />
      {editing && <StopsDialog position={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}

/** One position; its mark price, profit and liquidation price are cells bound to the worker's figures. */
function PositionRow({ position, children }: { position: PositionView; children: ReactNode }) {
  const t = useT();
  const lang = language.value;
  const decimals = pricePrecisionOf(position.market_id);
  const cells = useMemo(() => {
    const figures = figuresOf(position.id);
    return {
      profit: numberText(() => figures.profit.value, 2, { signed: true }),
      tone: computed(() => directionOf(Math.round(figures.profit.value * 100))),
      mark: numberText(() => figures.price.value, decimals),
      liquidation: numberText(() => figures.liquidation.value, decimals),
      overnight: numberText(() => figures.overnight.value, 2),
    };
  }, [position.id, decimals]);
  const long = position.direction === 'buy';
  const pending = position.status === 'pending';
  return (
    <div className={styles.order} data-testid="position" data-position={position.id}>
      <OrderHead up={long} side={t(long ? 'trade:contract.long' : 'trade:contract.short')} symbol={position.symbol} tag={`${position.multiple}x`}>
        {!pending && <BoundText text={cells.profit} tone={cells.tone} className={styles.profit} testId="position-profit" />}
      </OrderHead>
      {position.copy && <CopyMark copy={position.copy} />}
      <FactGrid
        facts={[
          [t('trade:contract.lots'), `${position.share} · ${position.quantity}`],
          [pending ? t('trade:contract.limit_price') : t('trade:contract.open_price'), priceText(position.market_id, pending ? position.limit_price : position.price)],
          [t('trade:contract.margin'), formatAmount(position.margin, lang)],
          !pending && [t('trade:contract.mark'), <BoundText text={cells.mark} testId="position-mark" />],
          !pending && [t('trade:contract.liquidation'), <BoundText text={cells.liquidation} testId="position-liquidation" />],
          !pending && ['TP / SL', `${priceText(position.market_id, position.target_profit_price)} / ${priceText(position.market_id, position.stop_loss_price)}`, 'position-stops'],
          [t('trade:contract.fee'), formatAmount(position.fee, lang), 'position-fee'],
          !pending && [t('trade:contract.overnight'), <BoundText text={cells.overnight} testId="position-overnight" />],
          [t('trade:contract.order_type'), t(position.type === 'limit' ? 'trade:limit' : 'trade:market')],
          [pending ? t('trade:contract.placed_at') : t('trade:contract.opened_at'), formatDateTime((pending ? position.created_at : position.opened_at) ?? position.created_at, lang)],
        ]}
      />
      <div className={styles.rowActions}>{children}</div>
    </div>
  );
}

function StopsDialog({ position, onClose }: { position: PositionView; onClose: () => void }) {
  const t = useT();
  const decimals = pricePrecisionOf(position.market_id);
  const [takeProfit, setTakeProfit] = useState(position.target_profit_price ?? '');
  const [stopLoss, setStopLoss] = useState(position.stop_loss_price ?? '');
  const [, run] = useSubmit();
  const save = () =>
    run(async () => {
      await api('POST /lever/setstop', {
        id: position.id,
        target_profit_price: takeProfit,
        stop_loss_price: stopLoss,
      });
      toast(t('trade:contract.stops_saved'));
      onClose();
    });
  return (
    <ConfirmDialog
      open
      title={t('trade:contract.stops_title')}
      message={
        <div className={styles.dialogForm}>
          <p className={styles.note}>{t('trade:contract.stops_note')}</p>
          <NumberBox
            value={takeProfit}
            onValue={(v) => setTakeProfit(cleanAmount(v, decimals))}
            placeholder={t('trade:contract.take_profit')}
            step={10 ** -decimals}
            decimals={decimals}
            testId="stops-tp"
            labelled
          />
          <NumberBox
            value={stopLoss}
            onValue={(v) => setStopLoss(cleanAmount(v, decimals))}
            placeholder={t('trade:contract.stop_loss')}
            step={10 ** -decimals}
            decimals={decimals}
            testId="stops-sl"
            labelled
          />
        </div>
      }
      onCancel={onClose}
      onConfirm={() => void save()}
    />
  );
}
