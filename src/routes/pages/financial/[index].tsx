import { createFileRoute } from '@tanstack/react-router';
import { FinanceScreen } from '../../../features/finance/FinanceScreen';

/** The finance tab, a shelf: lock-up mining (the default) or ?section=dual, dual investment. */
export const Route = createFileRoute('/pages/financial/index')({
  validateSearch: (search: Record<string, unknown>): { section?: 'dual' } => (search['section'] === 'dual' ? { section: 'dual' } : {}),
  component: function Finance() {
    const { section } = Route.useSearch();
    return <FinanceScreen section={section ?? 'lockup'} />;
  },
});
