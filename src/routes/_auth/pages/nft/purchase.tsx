import { createFileRoute } from '@tanstack/react-router';
import { PurchaseScreen } from '../../../../features/nft/PurchaseScreens';
import { loadNamespace } from '../../../../i18n';

/** Buying a fixed-price artwork: ?id= (the sale). */
export const Route = createFileRoute('/_auth/pages/nft/purchase')({
  loader: () => loadNamespace('nft'),
  validateSearch: (search: Record<string, unknown>): { id: number } => {
    const id = Number(search['id']);
    return { id: Number.isInteger(id) && id > 0 ? id : 0 };
  },
  component: function Purchase() {
    const { id } = Route.useSearch();
    return <PurchaseScreen key={id} id={id} />;
  },
});
