import { createFileRoute } from '@tanstack/react-router';
import { DualPurchaseScreen } from '../../../features/finance/DualPurchaseScreen';
import { loadNamespace } from '../../../i18n';

/** A dual product and buying its shares: ?id= (the product's id). */
export const Route = createFileRoute('/pages/invest/purchase')({
  loader: () => loadNamespace('finance'),
  validateSearch: (search: Record<string, unknown>): { id: number } => {
    const id = Number(search['id']);
    return { id: Number.isInteger(id) && id > 0 ? id : 0 };
  },
  component: function Purchase() {
    const { id } = Route.useSearch();
    return <DualPurchaseScreen key={id} id={id} />;
  },
});
