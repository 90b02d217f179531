import { createFileRoute } from '@tanstack/react-router';
import { TraderScreen } from '../../../features/copy/TraderScreen';
import { loadNamespace } from '../../../i18n';

/** A trader's page: ?id= (the trader's user id). */
export const Route = createFileRoute('/pages/follow/trader')({
  loader: () => loadNamespace('copy'),
  validateSearch: (search: Record<string, unknown>): { id: number } => {
    const id = Number(search['id']);
    return { id: Number.isInteger(id) && id > 0 ? id : 0 };
  },
  component: function Screen() {
    const { id } = Route.useSearch();
    return <TraderScreen key={id} id={id} />;
  },
});
