import { createFileRoute } from '@tanstack/react-router';
import { MineScreen } from '../../../../features/nft/mine/MineScreen';
import { isMineTab, type MineTab } from '../../../../features/nft/search';
import { loadNamespace } from '../../../../i18n';

/** My NFTs: artworks, blind boxes, bids, orders, favourites, messages (?tab=). */
export const Route = createFileRoute('/_auth/pages/nft/mine')({
  loader: () => loadNamespace('nft'),
  validateSearch: (search: Record<string, unknown>): { tab?: MineTab } => (isMineTab(search['tab']) ? { tab: search['tab'] } : {}),
  component: function Mine() {
    const { tab } = Route.useSearch();
    return <MineScreen tab={tab ?? 'artworks'} />;
  },
});
