import { createFileRoute } from '@tanstack/react-router';
import { OtcOrderScreen } from '../../../../features/otc/OrderScreen';
import { loadNamespace } from '../../../../i18n';

/** One OTC order: ?id= (the order's id). */
export const Route = createFileRoute('/_auth/pages/otc/order')({
  loader: () => Promise.all([loadNamespace('otc'), loadNamespace('chat')]),
  validateSearch: (search: Record<string, unknown>): { id: number } => {
    const id = Number(search['id']);
    return { id: Number.isInteger(id) && id > 0 ? id : 0 };
  },
  component: function Screen() {
    const { id } = Route.useSearch();
    return <OtcOrderScreen key={id} id={id} />;
  },
});
