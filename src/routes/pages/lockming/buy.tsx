import { createFileRoute } from '@tanstack/react-router';
import { LockupBuyScreen } from '../../../features/finance/LockupScreens';
import { loadNamespace } from '../../../i18n';

/** Buying a lock-up product: ?id= (the product's id). */
export const Route = createFileRoute('/pages/lockming/buy')({
  loader: () => loadNamespace('finance'),
  validateSearch: (search: Record<string, unknown>): { id: number } => {
    const id = Number(search['id']);
    return { id: Number.isInteger(id) && id > 0 ? id : 0 };
  },
  component: function Buy() {
    const { id } = Route.useSearch();
    return <LockupBuyScreen key={id} id={id} />;
  },
});
