import type { Quote } from '../../core/store';
import { VirtualList } from '../../ui/VirtualList';
import { MarketRow, MARKET_ROW_HEIGHT } from './MarketRow';

/**
 * A list of markets: name and 24h volume, last price, 24h change. Rows render when
 * they scroll into view and never because a price moved.
 */
export function MarketList({ quotes, contract = false, empty }: { quotes: readonly Quote[]; contract?: boolean; empty?: React.ReactNode }) {
  return <VirtualList items={quotes} rowKey={(quote) => String(quote.info.id)} row={(quote) => <MarketRow quote={quote} contract={contract} />} empty={empty} rowHeight={MARKET_ROW_HEIGHT} />;
}
