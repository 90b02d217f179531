import { createFileRoute } from '@tanstack/react-router';
import { ArtistDetailScreen } from '../../../features/nft/ArtistScreens';
import { loadNamespace } from '../../../i18n';

/** An artist's page: ?uid= (the artist's user number). */
export const Route = createFileRoute('/pages/nft/artistDetail')({
  loader: () => loadNamespace('nft'),
  validateSearch: (search: Record<string, unknown>): { uid: number } => {
    const uid = Number(search['uid']);
    return { uid: Number.isInteger(uid) && uid > 0 ? uid : 0 };
  },
  component: function ArtistDetail() {
    const { uid } = Route.useSearch();
    return <ArtistDetailScreen key={uid} uid={uid} />;
  },
});
