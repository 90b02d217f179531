import { createFileRoute } from '@tanstack/react-router';
import { pairSearch } from '../../../features/trade/search';
import { SingleModeScreen } from '../../../features/trade/TradeScreen';

/** seconds trading on its own screen: ?symbol=BTCUSDT */
export const Route = createFileRoute('/pages/transaction/index2')({
  validateSearch: pairSearch,
  component: function Screen() {
    return <SingleModeScreen mode="seconds" search={Route.useSearch()} />;
  },
});
