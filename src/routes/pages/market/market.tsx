import { createFileRoute } from '@tanstack/react-router';
import { MarketScreen } from '../../../features/market/MarketScreen';
import { lastTab, marketSearch } from '../../../features/market/tabs';

/** The market tab: ?tab=favourites|futures|coins|stock opens that list. */
export const Route = createFileRoute('/pages/market/market')({
  validateSearch: marketSearch,
  beforeLoad: ({ search }) => {
    if (search.tab) lastTab.value = search.tab;
  },
  component: MarketScreen,
});
