import { createFileRoute } from '@tanstack/react-router';
import { FinanceScreen } from '../../../features/finance/FinanceScreen';
import { loadNamespace } from '../../../i18n';

/** The finance tab, a shelf: lock-up mining (the default), ?section=dual (dual investment) or ?section=ieo (IEO). */
export const Route = createFileRoute('/pages/financial/index')({
  loader: () => loadNamespace('finance'),
  validateSearch: (search: Record<string, unknown>): { section?: 'dual' | 'ieo' } => (search['section'] === 'dual' || search['section'] === 'ieo' ? { section: search['section'] } : {}),
  component: function Finance() {
    const { section } = Route.useSearch();
    return <FinanceScreen section={section ?? 'lockup'} />;
  },
});
