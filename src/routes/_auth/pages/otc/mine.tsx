import { createFileRoute } from '@tanstack/react-router';
import { OtcMineScreen, type MineTab } from '../../../../features/otc/MineScreen';
import { loadNamespace } from '../../../../i18n';

const TABS: readonly MineTab[] = ['open', 'closed', 'ads', 'post'];

/** My OTC orders (?tab=open or closed), my advertisements (ads) and posting one (post). */
export const Route = createFileRoute('/_auth/pages/otc/mine')({
  loader: () => loadNamespace('otc'),
  validateSearch: (search: Record<string, unknown>): { tab: MineTab } => {
    const tab = TABS.find((candidate) => candidate === search['tab']);
    return { tab: tab ?? 'open' };
  },
  component: function Screen() {
    const { tab } = Route.useSearch();
    return <OtcMineScreen tab={tab} />;
  },
});
