import { createFileRoute } from '@tanstack/react-router';
import { ArtworkListScreen } from '../../../../features/nft/ArtworkListScreen';
import { isSaleModeFilter, type SaleModeFilter } from '../../../../features/nft/search';
import { loadNamespace } from '../../../../i18n';

/** What is on sale, by mode (?mode= normal, auction or box; all when absent), a page at a time. */
export const Route = createFileRoute('/pages/nft/components/artwork')({
  loader: () => loadNamespace('nft'),
  validateSearch: (search: Record<string, unknown>): { mode?: SaleModeFilter } => (isSaleModeFilter(search['mode']) && search['mode'] !== 'all' ? { mode: search['mode'] } : {}),
  component: function Artworks() {
    const { mode } = Route.useSearch();
    return <ArtworkListScreen mode={mode ?? 'all'} />;
  },
});
