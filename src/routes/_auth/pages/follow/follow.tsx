import { createFileRoute } from '@tanstack/react-router';
import { FollowScreen } from '../../../../features/copy/FollowScreen';
import { loadNamespace } from '../../../../i18n';

/** Following a trader, or changing how: ?id= (the trader's user id). */
export const Route = createFileRoute('/_auth/pages/follow/follow')({
  loader: () => loadNamespace('copy'),
  validateSearch: (search: Record<string, unknown>): { id: number } => {
    const id = Number(search['id']);
    return { id: Number.isInteger(id) && id > 0 ? id : 0 };
  },
  component: function Screen() {
    const { id } = Route.useSearch();
    return <FollowScreen key={id} id={id} />;
  },
});
