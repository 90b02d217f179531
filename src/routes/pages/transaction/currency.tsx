import { createFileRoute } from '@tanstack/react-router';
import { pairSearch } from '../../../features/trade/search';
import { SingleModeScreen } from '../../../features/trade/TradeScreen';

/** spot trading on its own screen: ?symbol=BTCUSDT&side=buy|sell */
export const Route = createFileRoute('/pages/transaction/currency')({
  validateSearch: pairSearch,
  component: function Screen() {
    return <SingleModeScreen mode="spot" search={Route.useSearch()} />;
  },
});
