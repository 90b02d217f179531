import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import type { Quote } from '../../core/store';
import { useT } from '../../i18n';
import { VirtualList } from '../../ui/VirtualList';
import { ChangeBadge, PriceCell } from './cells';
import styles from './market.module.css';

/**
 * A list of markets: name and 24h volume, last price, 24h change. Rows render when
 * they scroll into view and never because a price moved.
 */
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
          {t('market:vol')} {quote.volumeText}
        </span>
      </span>
      <PriceCell quote={quote} className={styles.rowPrice} />
      <ChangeBadge quote={quote} />
    </Link>
  );
});

export function MarketList({ quotes, contract = false, empty }: { quotes: readonly Quote[]; contract?: boolean; empty?: React.ReactNode }) {
  return (
    <VirtualList
      items={quotes}
      rowKey={(quote) => String(quote.info.id)}
      row={(quote) => <MarketRow quote={quote} contract={contract} />}
      empty={empty}
    />
  );
}
