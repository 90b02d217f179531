import { createFileRoute } from '@tanstack/react-router';
import { IeoSubscribeScreen } from '../../../features/finance/IeoSubscribeScreen';
import { loadNamespace } from '../../../i18n';

/** An IEO project and subscribing to it: ?id= (the project's id). */
export const Route = createFileRoute('/pages/ieo/subscribe')({
  loader: () => loadNamespace('finance'),
  validateSearch: (search: Record<string, unknown>): { id: number } => {
    const id = Number(search['id']);
    return { id: Number.isInteger(id) && id > 0 ? id : 0 };
  },
  component: function Subscribe() {
    const { id } = Route.useSearch();
    return <IeoSubscribeScreen key={id} id={id} />;
  },
});
