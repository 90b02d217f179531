import { createFileRoute } from '@tanstack/react-router';
import { CollectionScreen } from '../../../../features/nft/CollectionScreen';
import { loadNamespace } from '../../../../i18n';

/** A collection and its works: ?id=. */
export const Route = createFileRoute('/pages/nft/components/collection')({
  loader: () => loadNamespace('nft'),
  validateSearch: (search: Record<string, unknown>): { id: number } => {
    const id = Number(search['id']);
    return { id: Number.isInteger(id) && id > 0 ? id : 0 };
  },
  component: function Collection() {
    const { id } = Route.useSearch();
    return <CollectionScreen key={id} id={id} />;
  },
});
