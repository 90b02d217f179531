import { createFileRoute } from '@tanstack/react-router';
import { ArtworkDetailScreen } from '../../../features/nft/ArtworkDetailScreen';
import { isListMode, type NftListMode } from '../../../features/nft/search';
import { loadNamespace } from '../../../i18n';

/** A sale (?id=, mode normal or auction) or a blind box (?id=&mode=box); an artwork not on sale by ?code=. */
export const Route = createFileRoute('/pages/nft/artworkDetail')({
  loader: () => loadNamespace('nft'),
  validateSearch: (search: Record<string, unknown>): { id?: number; mode?: NftListMode; code?: string } => {
    const id = Number(search['id']);
    const code = search['code'];
    return {
      ...(Number.isInteger(id) && id > 0 ? { id } : {}),
      ...(isListMode(search['mode']) ? { mode: search['mode'] } : {}),
      ...(typeof code === 'string' && code ? { code } : {}),
    };
  },
  component: function ArtworkDetail() {
    const { id, mode, code } = Route.useSearch();
    return <ArtworkDetailScreen key={`${mode ?? ''}:${id ?? ''}:${code ?? ''}`} id={id ?? 0} mode={mode} code={code ?? ''} />;
  },
});
