import { createFileRoute } from '@tanstack/react-router';
import { tradeSearch } from '../../../features/trade/search';
import { TradeScreen } from '../../../features/trade/TradeScreen';

/** The trade tab: ?mode=spot|contract|seconds&symbol=BTCUSDT&side=buy|sell */
export const Route = createFileRoute('/pages/transaction/index')({ validateSearch: tradeSearch, component: TradeScreen });
