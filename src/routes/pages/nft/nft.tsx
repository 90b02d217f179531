import { createFileRoute } from '@tanstack/react-router';
import { isSaleModeFilter, type SaleModeFilter } from '../../../features/nft/search';
import { NftHomeScreen } from '../../../features/nft/NftHomeScreen';
import { loadNamespace } from '../../../i18n';

/** The NFT marketplace: what is on sale (?mode= normal, auction or box), artists, collections, search, Mine. */
export const Route = createFileRoute('/pages/nft/nft')({
  loader: () => loadNamespace('nft'),
  validateSearch: (search: Record<string, unknown>): { mode?: SaleModeFilter } => (isSaleModeFilter(search['mode']) && search['mode'] !== 'all' ? { mode: search['mode'] } : {}),
  component: function Nft() {
    const { mode } = Route.useSearch();
    return <NftHomeScreen mode={mode ?? 'all'} />;
  },
});
