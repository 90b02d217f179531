import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTickers } from '../../core/hooks';
import { markets, quoteOf, type Quote } from '../../core/store';
import { useT } from '../../i18n';
import { ChangeText, PriceCell } from '../market/cells';
import { ConnectionBanner } from '../market/ConnectionBanner';
import { MarketRow } from '../market/MarketRow';
import { Skeleton } from '../../ui/Skeleton';
import styles from './LiveQuotes.module.css';

/** The home tab's live strip (the three largest coins) and top movers. */
const STRIP = ['BTC/USDT', 'ETH/USDT', 'SOL/USDT'];
const MOVERS = 8;
const RERANK_MS = 5000;

type Ranking = 'gainers' | 'losers' | 'turnover';

function rank(quotes: Quote[], by: Ranking): Quote[] {
  const value = (quote: Quote) => (by === 'turnover' ? quote.amount.peek() : quote.change.peek());
  return [...quotes].sort((a, b) => (by === 'losers' ? value(a) - value(b) : value(b) - value(a))).slice(0, MOVERS);
}

export function LiveQuotes() {
  useSignals();
  const t = useT();
  useTickers();
  const [ranking, setRanking] = useState<Ranking>('gainers');
  const [, setTick] = useState(0);
  const all = markets.value.map((info) => quoteOf(info.id)).filter((quote): quote is Quote => quote !== undefined);
  const strip = STRIP.map((symbol) => all.find((quote) => quote.info.symbol === symbol)).filter((quote): quote is Quote => quote !== undefined);

  // The order of movers is looked at again every few seconds, not on every tick.
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), RERANK_MS);
    return () => clearInterval(timer);
  }, []);
  const movers = rank(all, ranking);

  if (all.length === 0) {
    return (
      <>
        <ConnectionBanner />
        <Skeleton shape="quote" count={MOVERS} />
      </>
    );
  }
  return (
    <>
      <ConnectionBanner />
      <section className={styles.strip} data-testid="quote-strip">
        {strip.map((quote) => (
          <Link key={quote.info.id} to="/pages/market/detail" search={{ symbol: quote.info.symbol.replace('/', '') }} className={styles.card}>
            <span className={styles.cardSymbol}>{quote.info.symbol}</span>
            <PriceCell quote={quote} className={styles.cardPrice} />
            <ChangeText quote={quote} />
          </Link>
        ))}
      </section>
      <section className={styles.movers}>
        <div className={styles.moversHead}>
          <h2 className={styles.moversTitle}>{t('market:movers.title')}</h2>
          <Link to="/pages/market/market" className={styles.more}>
            {t('market:movers.more')}
          </Link>
        </div>
        <div className={styles.rankings} role="tablist">
          {(['gainers', 'losers', 'turnover'] as const).map((key) => (
            <button key={key} type="button" role="tab" aria-selected={ranking === key} className={`${styles.ranking} ${ranking === key ? styles.rankingOn : ''}`} onClick={() => setRanking(key)}>
              {t(`market:movers.${key}`)}
            </button>
          ))}
        </div>
        <div data-testid="movers">
          {movers.map((quote) => (
            <MarketRow key={quote.info.id} quote={quote} />
          ))}
        </div>
      </section>
    </>
  );
}
