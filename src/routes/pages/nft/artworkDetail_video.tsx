import { createFileRoute } from '@tanstack/react-router';
import { VideoScreen } from '../../../features/nft/VideoScreen';
import { loadNamespace } from '../../../i18n';

/** An artwork's video, full width: ?code= (the artwork) or ?id= (the sale holding it). */
export const Route = createFileRoute('/pages/nft/artworkDetail_video')({
  loader: () => loadNamespace('nft'),
  validateSearch: (search: Record<string, unknown>): { code?: string; id?: number } => {
    const id = Number(search['id']);
    const code = search['code'];
    return { ...(typeof code === 'string' && code ? { code } : {}), ...(Number.isInteger(id) && id > 0 ? { id } : {}) };
  },
  component: function ArtworkVideo() {
    const { code, id } = Route.useSearch();
    return <VideoScreen code={code ?? ''} id={id ?? 0} />;
  },
});
