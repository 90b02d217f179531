import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import type { Quote } from '../../core/store';
import { useT } from '../../i18n';
import { ChangeBadge, FeedTag, PriceCell, QuoteText } from './cells';
import styles from './market.module.css';

/** A row's height in px: `.row` in market.module.css. */
export const MARKET_ROW_HEIGHT = 62;

/** One market: name and 24h volume, last price, 24h change, all bound to signals. */
export const MarketRow = memo(function MarketRow({ quote, contract = false }: { quote: Quote; contract?: boolean }) {
  const t = useT();
  const { info } = quote;
  return (
    <Link to="/pages/market/detail" search={{ symbol: info.symbol.replace('/', '') }} className={styles.row} data-testid={`market-${info.symbol}`}>
      <span className={styles.name}>
        <span className={styles.symbol}>
          <strong>{contract ? `${info.base}${info.quote}` : info.base}</strong>
          <span className={styles.quote}>{contract ? ` ${t('market:perpetual')}` : ` /${info.quote}`}</span>
        </span>
        <span className={styles.volume}>
          {t('market:vol')} <QuoteText text={quote.volumeText} />
          <FeedTag quote={quote} />
        </span>
      </span>
      <PriceCell quote={quote} className={styles.rowPrice} />
      <ChangeBadge quote={quote} />
    </Link>
  );
});
