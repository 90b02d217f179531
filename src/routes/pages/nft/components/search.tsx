import { createFileRoute } from '@tanstack/react-router';
import { SearchScreen } from '../../../../features/nft/SearchScreen';
import { isSearchTab, type SearchTab } from '../../../../features/nft/search';
import { loadNamespace } from '../../../../i18n';

/** Searching the marketplace: ?keyword= over what is on sale, artists and collections (?tab=). */
export const Route = createFileRoute('/pages/nft/components/search')({
  loader: () => loadNamespace('nft'),
  validateSearch: (search: Record<string, unknown>): { keyword?: string; tab?: SearchTab } => ({
    ...(typeof search['keyword'] === 'string' && search['keyword'] ? { keyword: search['keyword'] } : {}),
    ...(isSearchTab(search['tab']) ? { tab: search['tab'] } : {}),
  }),
  component: function Search() {
    const { keyword, tab } = Route.useSearch();
    return <SearchScreen keyword={keyword ?? ''} tab={tab ?? 'sales'} />;
  },
});
