import { useSignals } from '@preact/signals-react/runtime';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { api } from '../../api/client';
import { useT } from '../../i18n';
import { useRequestIds } from '../../lib/requestId';
import { useLoad } from '../../lib/useLoad';
import { useSubmit } from '../../lib/useSubmit';
import { PrimaryButton } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import { Skeleton } from '../../ui/Skeleton';
import { toast } from '../../ui/toast';
import { balanceAfter, phaseAt } from './nft';
import styles from './nft.module.css';
import { HeldOnExchange, RarityBadge, useMoney, useNow } from './parts';

/**
 * Confirming a purchase, paid at once from the coin account: a fixed-price artwork
 * (nft/purchase?id=, the sale) or one blind box (nft/purchase_one?id=, the box). Each
 * shows what is bought, its price, the user's available USDT and what it leaves; the
 * confirm sends one request id per purchase (src/lib/requestId.ts), so a retry after a
 * lost answer buys once.
 */

/** The caller's available balance of the currency in the coin account. */
function useAvailable(currencyId: number | undefined): string | null {
  const { data } = useLoad(
    () => (currencyId === undefined ? Promise.resolve(null) : api('POST /wallet/detail', { currency: currencyId, type: 'change' }, { silent: true }).then((detail) => detail.available)),
    [currencyId],
  );
  return data ?? null;
}

/** What it costs against what the user has: price, available, and what is left after (or that it is not enough). */
function Cost({ price, currency, available }: { price: string; currency: string; available: string | null }) {
  const t = useT();
  const money = useMoney();
  const after = available === null ? null : balanceAfter(available, price);
  return (
    <section className={styles.panel}>
      <div className={styles.rows}>
        <div className={`${styles.row} ${styles.total}`}>
          <span>{t('nft:buy.price')}</span>
          <strong data-testid="nft-buy-price">{money(price, currency)}</strong>
        </div>
        <div className={styles.row}>
          <span>{t('nft:buy.available')}</span>
          <strong data-testid="nft-buy-available">{available === null ? '--' : money(available, currency)}</strong>
        </div>
        {after && (
          <div className={styles.row}>
            <span>{t('nft:buy.after')}</span>
            <strong data-testid="nft-buy-after">{money(after.toFixed(), currency)}</strong>
          </div>
        )}
      </div>
      {available !== null && !after && (
        <>
          <p className={styles.warning} data-testid="nft-buy-short">
            {t('nft:buy.short', { currency })}
          </p>
          <Link to="/pages/fund/transfer" className={styles.link} data-testid="nft-get-coin">
            {t('nft:buy.get_coin', { currency })}
          </Link>
        </>
      )}
    </section>
  );
}

function Summary({ cover, name, children }: { cover: string; name: string; children: ReactNode }) {
  return (
    <section className={`${styles.panel} ${styles.summary}`} data-testid="nft-buy-item">
      {cover && <img className={styles.thumb} src={cover} alt="" />}
      <span className={styles.summaryText}>
        <strong>{name}</strong>
        {children}
      </span>
    </section>
  );
}

/** nft/purchase?id=: buying a fixed-price artwork; then the artwork in Mine. */
export function PurchaseScreen({ id }: { id: number }) {
  useSignals();
  const t = useT();
  const money = useMoney();
  const navigate = useNavigate();
  const now = useNow();
  const { data, failed } = useLoad(() => (id > 0 ? api('GET /bind_box/getBoxDetail', { id, mode: 'normal' }) : Promise.reject(new Error('no sale'))), [id]);
  const sale = data?.sale ?? null;
  const available = useAvailable(sale?.currency_id);
  const [busy, run] = useSubmit();
  const requestIds = useRequestIds();
  const buyable = sale !== null && sale.mode === 'normal' && sale.status === 'live' && phaseAt(sale, now) === 'live';
  const enough = sale !== null && available !== null && balanceAfter(available, sale.price) !== null;

  const buy = () => {
    if (!sale) return;
    void run(async () => {
      const body = { id: sale.id, mode: 'normal' as const };
      const order = await api('POST /bind_box/buyNFT', { ...body, request_id: requestIds.for(body) });
      requestIds.done();
      toast(t('nft:buy.bought', { name: sale.item.name }));
      await navigate({ to: '/pages/nft/myNft', search: { code: order.item?.code ?? sale.item.code }, replace: true });
    });
  };

  return (
    <Screen title={t('nft:buy.title')}>
      <div className={styles.page}>
        {sale ? (
          <>
            <Summary cover={sale.item.cover} name={sale.item.name}>
              <span className={styles.subline}>
                <span>{sale.item.code}</span>
                <RarityBadge rarity={sale.item.rarity} />
              </span>
              <span className={styles.small}>{t('nft:buy.from', { name: sale.seller.name })}</span>
            </Summary>
            <Cost price={sale.price} currency={sale.currency} available={available} />
            <HeldOnExchange />
            <p className={styles.small}>{t('nft:buy.note')}</p>
            {!buyable && <p className={styles.warning}>{t('nft:buy.not_on_sale')}</p>}
            <PrimaryButton variant="buy" busy={busy} disabled={!buyable || !enough} onClick={buy} testId="nft-buy-confirm">
              {t('nft:buy.confirm', { price: money(sale.price, sale.currency) })}
            </PrimaryButton>
          </>
        ) : failed ? (
          <p className={styles.empty}>{t('nft:detail.not_found')}</p>
        ) : (
          <Skeleton shape="card" count={1} />
        )}
      </div>
    </Screen>
  );
}

/** nft/purchase_one?id=: buying one blind box; then where to open it (Mine, Boxes). */
export function PurchaseBoxScreen({ id }: { id: number }) {
  useSignals();
  const t = useT();
  const money = useMoney();
  const now = useNow();
  const [version, setVersion] = useState(0);
  const { data, failed } = useLoad(() => (id > 0 ? api('GET /bind_box/getBoxDetail', { id, mode: 'box' }) : Promise.reject(new Error('no box'))), [id, version]);
  const box = data?.box ?? null;
  const available = useAvailable(box?.currency_id);
  const [busy, run] = useSubmit();
  const requestIds = useRequestIds();
  const [bought, setBought] = useState(0);
  const left = box === null ? 0 : Math.max(0, box.total - box.sold);
  const buyable = box !== null && box.status === 'live' && phaseAt(box, now) === 'live' && left > 0;
  const enough = box !== null && available !== null && balanceAfter(available, box.price) !== null;

  const buy = () => {
    if (!box) return;
    void run(async () => {
      const body = { id: box.id, mode: 'box' as const };
      await api('POST /bind_box/buyNFT', { ...body, request_id: requestIds.for(body) });
      requestIds.done();
      setBought((count) => count + 1);
      setVersion((v) => v + 1);
    });
  };

  return (
    <Screen title={t('nft:buy.box_title')}>
      <div className={styles.page}>
        {box ? (
          bought > 0 ? (
            <section className={styles.done} data-testid="nft-box-bought">
              <span className={styles.doneMark} aria-hidden="true">
                ✓
              </span>
              <strong>{t('nft:buy.box_bought', { name: box.name })}</strong>
              <p className={styles.note}>{t('nft:buy.open_in_mine')}</p>
              <div className={styles.buttons}>
                <Link to="/pages/nft/mine" search={{ tab: 'boxes' }} className={styles.secondary} data-testid="nft-to-boxes">
                  {t('nft:buy.to_boxes')}
                </Link>
                <button type="button" className={styles.secondary} onClick={() => setBought(0)} disabled={!buyable} data-testid="nft-buy-another">
                  {t('nft:buy.another')}
                </button>
              </div>
            </section>
          ) : (
            <>
              <Summary cover={box.cover} name={box.name}>
                <span className={styles.small}>{t('nft:market.left', { count: left })}</span>
                <span className={styles.small}>{t('nft:box.by', { name: box.seller.name })}</span>
              </Summary>
              <Cost price={box.price} currency={box.currency} available={available} />
              <HeldOnExchange />
              <p className={styles.small}>{t('nft:buy.box_note')}</p>
              {!buyable && <p className={styles.warning}>{t(left === 0 ? 'nft:box.sold_out' : 'nft:buy.not_on_sale')}</p>}
              <PrimaryButton variant="buy" busy={busy} disabled={!buyable || !enough} onClick={buy} testId="nft-buy-confirm">
                {t('nft:buy.confirm', { price: money(box.price, box.currency) })}
              </PrimaryButton>
            </>
          )
        ) : failed ? (
          <p className={styles.empty}>{t('nft:detail.not_found')}</p>
        ) : (
          <Skeleton shape="card" count={1} />
        )}
      </div>
    </Screen>
  );
}
