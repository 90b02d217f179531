import { createFileRoute } from '@tanstack/react-router';
import { ArtistListScreen } from '../../../../features/nft/ArtistScreens';
import { loadNamespace } from '../../../../i18n';

/** The artists, or those whose name matches ?keyword=. */
export const Route = createFileRoute('/pages/nft/components/artist')({
  loader: () => loadNamespace('nft'),
  validateSearch: (search: Record<string, unknown>): { keyword?: string } => (typeof search['keyword'] === 'string' && search['keyword'] ? { keyword: search['keyword'] } : {}),
  component: function Artists() {
    const { keyword } = Route.useSearch();
    return <ArtistListScreen keyword={keyword ?? ''} />;
  },
});
