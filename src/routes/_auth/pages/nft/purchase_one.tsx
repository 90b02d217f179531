import { createFileRoute } from '@tanstack/react-router';
import { PurchaseBoxScreen } from '../../../../features/nft/PurchaseScreens';
import { loadNamespace } from '../../../../i18n';

/** Buying one blind box: ?id= (the box). */
export const Route = createFileRoute('/_auth/pages/nft/purchase_one')({
  loader: () => loadNamespace('nft'),
  validateSearch: (search: Record<string, unknown>): { id: number } => {
    const id = Number(search['id']);
    return { id: Number.isInteger(id) && id > 0 ? id : 0 };
  },
  component: function PurchaseOne() {
    const { id } = Route.useSearch();
    return <PurchaseBoxScreen key={id} id={id} />;
  },
});
