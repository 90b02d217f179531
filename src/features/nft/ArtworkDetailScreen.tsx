import { useSignals } from '@preact/signals-react/runtime';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { formatDate, formatDateTime } from '../../../contract/format';
import { api } from '../../api/client';
import { askToLogIn } from '../../app/login-first';
import { loggedIn, user } from '../../app/session';
import { useAuctionWatch } from '../../core/hooks';
import { language, useT } from '../../i18n';
import { useLoad } from '../../lib/useLoad';
import { usePaged } from '../../lib/usePaged';
import { useSubmit } from '../../lib/useSubmit';
import { PrimaryButton } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import { Skeleton } from '../../ui/Skeleton';
import { AuctionAction, AuctionFacts, BidList } from './AuctionPanel';
import { BoxDetail } from './BoxDetail';
import { MediaView } from './Media';
import { auctionFigures, phaseAt, type AuctionFigures, type NftItem, type NftListMode, type NftSale } from './nft';
import styles from './nft.module.css';
import { Countdown, HeldOnExchange, PhaseBadge, RarityBadge, timeLeft, useMoney, useNow } from './parts';

/**
 * nft/artworkDetail: a sale (?id=, fixed price or auction), a blind box (?id=&mode=box),
 * or an artwork not on sale (?code=): its media, facts, phase from the clock with the
 * countdown, favourite, history, and what the caller can do (buy, deposit and bid, buy a box).
 */
export function ArtworkDetailScreen({ id, mode, code }: { id: number; mode: NftListMode | undefined; code: string }) {
  if (mode === 'box' && id > 0) return <BoxDetail id={id} />;
  if (id > 0) return <SaleScreen id={id} />;
  return <ItemScreen code={code} />;
}

function SaleScreen({ id }: { id: number }) {
  useSignals();
  const t = useT();
  const logged = loggedIn.value;
  // Bumped after a deposit or a bid, and when the auction closes: the sale is read again (the caller's deposit with it).
  const [version, setVersion] = useState(0);
  const { data, failed } = useLoad(() => api('GET /bind_box/getBoxDetail', { id }), [id, logged, version]);
  const sale = data?.sale ?? null;
  return (
    <Screen title={sale?.item.name ?? t('nft:detail.title')}>
      <div className={styles.page}>
        {sale ? <Sale sale={sale} onChanged={() => setVersion((v) => v + 1)} /> : failed ? <p className={styles.empty}>{t('nft:detail.not_found')}</p> : <Skeleton shape="card" count={2} />}
      </div>
    </Screen>
  );
}

function Sale({ sale, onChanged }: { sale: NftSale; onChanged: () => void }) {
  useSignals();
  const now = useNow();
  if (sale.mode === 'auction') return <AuctionSale sale={sale} now={now} onChanged={onChanged} />;
  const phase = phaseAt(sale, now);
  const own = user.value !== null && user.value.uid === sale.seller.uid;
  return <SaleLayout sale={sale} now={now} figures={null} action={<BuyAction sale={sale} phase={phase} now={now} own={own} />} />;
}

/**
 * An auction, live: each bid (anyone's) and the close arrive over the socket while the
 * screen shows it; the figures follow the push, the bids are read again, and a close
 * reads the sale again (its new state, the caller's deposit).
 */
function AuctionSale({ sale, now, onChanged }: { sale: NftSale; now: number; onChanged: () => void }) {
  useSignals();
  const live = useAuctionWatch(sale.id);
  const figures = auctionFigures(sale, live);
  const phase = phaseAt({ start_at: sale.start_at, end_at: figures.end_at }, now);
  const me = user.value;
  const own = me !== null && me.uid === sale.seller.uid;
  const bids = usePaged('POST /bind_box/getBindBoxQuotationLog', { id: sale.id }, [figures.bids]);
  const leading = bids.items.some((bid) => bid.mine && bid.leading);
  const currency = useLoad(() => api('GET /bind_box/getNftCurrency', {}, { silent: true }), []);
  const decimals = currency.data?.find((row) => row.currency_id === sale.currency_id)?.precision ?? Number.POSITIVE_INFINITY;
  const latest = useRef(onChanged);
  latest.current = onChanged;
  const reloadedFor = useRef<string | null>(null);
  const liveStatus = live?.status ?? null;
  useEffect(() => {
    // Closed meanwhile (awarded or unsold): once per new state.
    if (liveStatus === null || liveStatus === 'live' || reloadedFor.current === liveStatus) return;
    reloadedFor.current = liveStatus;
    latest.current();
  }, [liveStatus]);
  return (
    <SaleLayout
      sale={sale}
      now={now}
      figures={figures}
      bids={<BidList list={bids} currency={sale.currency} />}
      action={<AuctionAction sale={sale} figures={figures} phase={phase} now={now} own={own} leading={leading} decimals={decimals} onChanged={onChanged} />}
    />
  );
}

/** A sale's screen: media, head, price and phase (an auction's figures), bids, facts, history, and the action at the bottom. */
function SaleLayout({ sale, now, figures, bids, action }: { sale: NftSale; now: number; figures: AuctionFigures | null; bids?: ReactNode; action: ReactNode }) {
  useSignals();
  const t = useT();
  const lang = language.value;
  const money = useMoney();
  const endAt = figures?.end_at ?? sale.end_at;
  const window = { start_at: sale.start_at, end_at: endAt };
  // Sold, awarded, unsold or refused: over whatever the clock says (the note below says how).
  const settled = sale.status !== 'live' && sale.status !== 'review';
  const priceLabel = figures === null ? 'nft:detail.price' : figures.current_bid === null ? 'nft:auction.start_price' : 'nft:auction.current_bid';
  return (
    <>
      <MediaView item={sale.item} />
      <HeldOnExchange />
      <ItemHead item={sale.item} kind={sale.mode} resale={sale.resale} />
      <section className={styles.panel} data-testid="nft-sale-panel">
        <div className={styles.priceLine}>
          <span className={styles.priceLabel}>{t(priceLabel)}</span>
          <span className={styles.priceValue} data-testid={figures ? 'nft-current-bid' : 'nft-price'}>
            {money(figures?.current_bid ?? sale.price, sale.currency)}
          </span>
        </div>
        <div className={styles.phaseLine}>
          <PhaseBadge phase={settled ? 'ended' : phaseAt(window, now)} />
          {!settled && <Countdown window={window} now={now} className={styles.countdown} />}
        </div>
        {figures && !settled && <p className={styles.small}>{t('nft:auction.extends')}</p>}
        {figures && <AuctionFacts sale={sale} figures={figures} />}
        {sale.status !== 'live' && (
          <p className={styles.status} data-testid="nft-sale-status">
            {t(`nft:detail.status_note.${sale.status}`)}
            {sale.reason ? ` ${sale.reason}` : ''}
          </p>
        )}
      </section>
      {bids}
      <Facts
        item={sale.item}
        rows={[
          [t('nft:detail.starts'), formatDateTime(sale.start_at, lang)],
          [t('nft:detail.ends'), formatDateTime(endAt, lang), 'nft-ends'],
        ]}
      />
      {sale.item.description && <p className={styles.description}>{sale.item.description}</p>}
      <History code={sale.item.code} />
      <div className={styles.actionBar}>{action}</div>
    </>
  );
}

/** A fixed price: "Buy" while on sale (to the confirmation), or why not. */
function BuyAction({ sale, phase, now, own }: { sale: NftSale; phase: ReturnType<typeof phaseAt>; now: number; own: boolean }) {
  useSignals();
  const t = useT();
  const navigate = useNavigate();
  const disabled = (text: string) => (
    <PrimaryButton disabled testId="nft-buy">
      {text}
    </PrimaryButton>
  );
  if (sale.status !== 'live') return disabled(t(`nft:detail.status.${sale.status}`));
  if (phase === 'ended') return disabled(t('nft:market.phase.ended'));
  if (own) return disabled(t('nft:detail.own'));
  if (phase === 'upcoming') return disabled(t('nft:market.countdown.start', { time: timeLeft(sale.start_at - now, t) }));
  return (
    <PrimaryButton variant="buy" onClick={() => (loggedIn.value ? void navigate({ to: '/pages/nft/purchase', search: { id: sale.id } }) : askToLogIn())} testId="nft-buy">
      {t('nft:detail.buy')}
    </PrimaryButton>
  );
}

/** The name, the favourite toggle, and under them the code, rarity and kind of sale. */
function ItemHead({ item, kind, resale = false }: { item: NftItem; kind?: NftListMode; resale?: boolean }) {
  const t = useT();
  return (
    <>
      <div className={styles.titleRow}>
        <h2 className={styles.title} data-testid="nft-name">
          {item.name}
        </h2>
        <Favourite item={item} />
      </div>
      <div className={styles.subline}>
        <span data-testid="nft-code">{item.code}</span>
        <RarityBadge rarity={item.rarity} />
        {kind && <span className={styles.badge}>{t(`nft:market.kind.${kind}`)}</span>}
        {resale && <span className={styles.badge}>{t('nft:market.resale')}</span>}
      </div>
    </>
  );
}

/** Whether the caller has favourited the item: their favourites, a page at a time (the item carries only the count). */
async function isFavourite(itemId: number): Promise<boolean> {
  for (let page = 1; page <= 20; page++) {
    const answer = await api('GET /bind_box/getCollected', { page, limit: 50 }, { silent: true });
    if (answer.data.some((item) => item.id === itemId)) return true;
    if (!answer.more) return false;
  }
  return false;
}

/** The heart and how many have favourited the artwork; a visitor is asked to log in. */
function Favourite({ item }: { item: NftItem }) {
  useSignals();
  const t = useT();
  const logged = loggedIn.value;
  const [state, setState] = useState<{ collected: boolean; count: number }>({ collected: false, count: item.favourites });
  const [busy, run] = useSubmit();
  useEffect(() => {
    if (!logged) return undefined;
    let current = true;
    isFavourite(item.id).then(
      (collected) => current && setState((previous) => ({ ...previous, collected })),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [logged, item.id]);
  const toggle = () => {
    if (!logged) return askToLogIn();
    void run(async () => {
      const answer = await api('POST /bind_box/collect', { item_id: item.id });
      setState({ collected: answer.collected, count: answer.favourites });
    });
  };
  return (
    <button
      type="button"
      className={`${styles.favourite} ${state.collected ? styles.favouriteOn : ''}`}
      aria-pressed={state.collected}
      aria-label={t('nft:detail.favourite', { count: state.count })}
      onClick={toggle}
      disabled={busy}
      data-testid="nft-favourite"
    >
      <span aria-hidden="true">{state.collected ? '♥' : '♡'}</span>
      <span data-testid="nft-favourites">{state.count}</span>
    </button>
  );
}

type Row = readonly [label: string, value: ReactNode, testId?: string];

/** Who made it, who holds it, its collection and media, and the rows the caller adds (a sale's times). */
function Facts({ item, rows = [] }: { item: NftItem; rows?: readonly Row[] }) {
  const t = useT();
  const { media } = item;
  const size = media.width !== null && media.height !== null ? `${media.width} × ${media.height}` : null;
  const all: Row[] = [
    [
      t('nft:detail.creator'),
      <Link key="creator" to="/pages/nft/artistDetail" search={{ uid: item.creator.uid }} data-testid="nft-creator">
        {item.creator.name}
      </Link>,
    ],
    [t('nft:detail.owner'), item.owner.name, 'nft-owner'],
    [
      t('nft:detail.collection'),
      item.collection ? (
        <Link key="collection" to="/pages/nft/components/collection" search={{ id: item.collection.id }} data-testid="nft-collection-link">
          {item.collection.name}
        </Link>
      ) : (
        t('nft:detail.no_collection')
      ),
    ],
    [t('nft:detail.media'), [t(`nft:market.media.${media.type}`), size, media.duration_ms === null ? null : duration(media.duration_ms)].filter(Boolean).join(' · ')],
    ...rows,
  ];
  return (
    <section className={styles.panel}>
      <div className={styles.rows}>
        {all.map(([label, value, testId]) => (
          <div key={label} className={styles.row}>
            <span>{label}</span>
            <strong data-testid={testId}>{value}</strong>
          </div>
        ))}
      </div>
    </section>
  );
}

/** m:ss of a recording, whole seconds down (as the players show it). */
function duration(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The artwork's sales so far (GET /bind_box/getItem). */
function History({ code }: { code: string }) {
  useSignals();
  const t = useT();
  const lang = language.value;
  const money = useMoney();
  const { data } = useLoad(() => api('GET /bind_box/getItem', { code }, { silent: true }), [code]);
  return (
    <section className={styles.panel}>
      <h3 className={styles.sectionTitle}>{t('nft:detail.history')}</h3>
      {!data ? (
        <Skeleton shape="record" count={1} />
      ) : data.history.length === 0 ? (
        <p className={styles.small}>{t('nft:detail.no_history')}</p>
      ) : (
        <ul className={styles.list} data-testid="nft-history">
          {data.history.map((sale) => (
            <li key={sale.sale_id}>
              <span>{t(`nft:market.kind.${sale.mode}`)}</span>
              <strong>{money(sale.price, sale.currency)}</strong>
              <small>{formatDate(sale.at, lang)}</small>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** An artwork by its code, on sale or not: where it is offered, or that it is not. */
function ItemScreen({ code }: { code: string }) {
  const t = useT();
  const { data, failed } = useLoad(() => (code ? api('GET /bind_box/getItem', { code }) : Promise.reject(new Error('no code'))), [code]);
  const item = data?.item;
  return (
    <Screen title={item?.name ?? t('nft:detail.title')}>
      <div className={styles.page}>
        {item ? (
          <>
            <MediaView item={item} />
            <HeldOnExchange />
            <ItemHead item={item} />
            <section className={styles.panel} data-testid="nft-item-offer">
              {item.listing ? (
                <Link to="/pages/nft/artworkDetail" search={{ id: item.listing.id, mode: item.listing.mode }} className={styles.link}>
                  {t(`nft:detail.listed.${item.listing.mode}`)}
                </Link>
              ) : (
                <span className={styles.small}>{t('nft:detail.not_on_sale')}</span>
              )}
            </section>
            <Facts item={item} />
            {item.description && <p className={styles.description}>{item.description}</p>}
            <History code={item.code} />
          </>
        ) : failed ? (
          <p className={styles.empty}>{t('nft:detail.not_found')}</p>
        ) : (
          <Skeleton shape="card" count={2} />
        )}
      </div>
    </Screen>
  );
}
