import { useSignals } from '@preact/signals-react/runtime';
import { Link, useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import type { MarketInfo } from '../../../contract/worker-api';
import { api } from '../../api/client';
import { useMarketWatch, useTickers } from '../../core/hooks';
import { marketBySymbol, markets, quoteOf } from '../../core/store';
import { useT } from '../../i18n';
import { Screen } from '../../ui/Screen';
import { Skeleton } from '../../ui/Skeleton';
import { ChangeText, PriceCell, QuoteText } from './cells';
import { ChartPanel } from '../chart/ChartPanel';
import { ConnectionBanner } from './ConnectionBanner';
import { DepthPanel, OrderBookPanel, TradesPanel } from './BookPanels';
import { PairAlert } from '../alerts/PairAlert';
import { FavouriteButton } from './FavouriteButton';
import { FeedPaused, FeedSource } from './FeedNotice';
import { PriceAnnouncer } from './PriceAnnouncer';
import { rememberMarket } from './recent';
import styles from './detail.module.css';

type Panel = 'book' | 'depth' | 'trades';
/** Whether this visit opened the full-screen chart (then closing it goes back; opened by its address, it is replaced). */
const openedHere = { full: false };
const PANELS: readonly Panel[] = ['book', 'depth', 'trades'];

/** A pair's screen: 24h header, chart with periods and timeshare, order book, depth, trades; the bell adds a price alert. */
export function DetailScreen() {
  useSignals();
  const t = useT();
  const { symbol, chart } = useSearch({ from: '/pages/market/detail' });
  const navigate = useNavigate();
  const router = useRouter();
  useTickers();
  const info = marketBySymbol(symbol);
  const quote = info ? quoteOf(info.id) : undefined;
  useMarketWatch(info?.id);
  const [panel, setPanel] = useState<Panel>('book');
  // Full screen is a state of the route (&chart=full): the back button closes it.
  const setFull = useCallback(
    (open: boolean) => {
      if (open) {
        openedHere.full = true;
        void navigate({ to: '/pages/market/detail', search: { symbol, chart: 'full' } });
      } else if (openedHere.full && router.history.canGoBack()) {
        openedHere.full = false;
        router.history.back();
      } else void navigate({ to: '/pages/market/detail', search: { symbol }, replace: true });
    },
    [navigate, router, symbol],
  );
  useEffect(() => {
    if (chart !== 'full') openedHere.full = false;
  }, [chart]);

  useEffect(() => {
    if (!info) return;
    rememberMarket(info.id);
    void api('POST /market/view', { market_id: info.id, source: 'detail' }, { silent: true }).catch(() => undefined);
  }, [info]);

  if (!info || !quote) {
    return <Screen title={symbol}>{markets.value.length > 0 ? <p className={styles.missing}>{t('market:unknown')}</p> : <Skeleton shape="text" inset />}</Screen>;
  }

  return (
    <Screen
      title={info.symbol}
      right={
        <>
          <PairAlert info={info} />
          <FavouriteButton currencyId={info.currencyId} />
        </>
      }
    >
      <ConnectionBanner />
      <FeedPaused info={info} />
      <PriceAnnouncer quote={quote} />
      <section className={styles.summary}>
        <div className={styles.lastBlock}>
          <PriceCell quote={quote} className={styles.last} />
          <ChangeText quote={quote} />
          <FeedSource info={info} simulatedAlways className={styles.simulated} />
        </div>
        <dl className={styles.stats}>
          <div>
            <dt>{t('market:high')}</dt>
            <dd>
              <QuoteText text={quote.highText} />
            </dd>
          </div>
          <div>
            <dt>{t('market:low')}</dt>
            <dd>
              <QuoteText text={quote.lowText} />
            </dd>
          </div>
          <div>
            <dt>{t('market:volume_in', { asset: info.base })}</dt>
            <dd>
              <QuoteText text={quote.volumeText} />
            </dd>
          </div>
          <div>
            <dt>{t('market:amount_in', { asset: info.quote })}</dt>
            <dd>
              <QuoteText text={quote.amountText} />
            </dd>
          </div>
        </dl>
      </section>
      <ChartPanel info={info} full={chart === 'full'} onFull={setFull} />
      <nav className={styles.panelTabs} role="tablist">
        {PANELS.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={panel === key}
            className={`${styles.panelTab} ${panel === key ? styles.panelTabOn : ''}`}
            onClick={() => setPanel(key)}
            data-testid={`panel-${key}`}
          >
            {t(`market:panels.${key}`)}
          </button>
        ))}
      </nav>
      {panel === 'book' && <OrderBookPanel info={info} />}
      {panel === 'depth' && <DepthPanel info={info} />}
      {panel === 'trades' && <TradesPanel info={info} />}
      <TradeBar info={info} />
    </Screen>
  );
}

/**
 * The way from a pair to trading it: spot buy or sell (coins against USDT, stocks against
 * US dollars); contracts, or seconds options where there are none, one tap away.
 */
function TradeBar({ info }: { info: MarketInfo }) {
  const t = useT();
  const symbol = info.symbol.replace('/', '');
  const other = info.contract ? 'contract' : 'seconds';
  return (
    <div className={styles.tradeBar} data-testid="trade-bar">
      <Link to="/pages/transaction/index" search={{ mode: other, symbol, side: 'buy' }} className={styles.tradeOther} data-testid="trade-other">
        {t(other === 'contract' ? 'trade:modes.contract' : 'trade:modes.seconds')}
      </Link>
      <Link to="/pages/transaction/index" search={{ mode: 'spot', symbol, side: 'buy' }} className={`${styles.tradeButton} ${styles.tradeBuy}`} data-testid="trade-buy">
        {t('trade:buy')}
      </Link>
      <Link to="/pages/transaction/index" search={{ mode: 'spot', symbol, side: 'sell' }} className={`${styles.tradeButton} ${styles.tradeSell}`} data-testid="trade-sell">
        {t('trade:sell')}
      </Link>
    </div>
  );
}
