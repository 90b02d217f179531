import { createFileRoute } from '@tanstack/react-router';
import { pairSearch } from '../../../features/trade/search';
import { SingleModeScreen } from '../../../features/trade/TradeScreen';

/** contract trading on its own screen: ?symbol=BTCUSDT */
export const Route = createFileRoute('/pages/transaction/contract')({
  validateSearch: pairSearch,
  component: function Screen() {
    return <SingleModeScreen mode="contract" search={Route.useSearch()} />;
  },
});
