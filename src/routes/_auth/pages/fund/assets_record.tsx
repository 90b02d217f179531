import { createFileRoute } from '@tanstack/react-router';
import { BillsScreen } from '../../../../features/assets/BillsScreen';

/** ?currency=<currency id>&type=legal|change|lever|micro */
export const Route = createFileRoute('/_auth/pages/fund/assets_record')({
  validateSearch: (search: Record<string, unknown>): { currency?: number; type?: 'legal' | 'change' | 'lever' | 'micro' } => {
    const currency = Number(search['currency']);
    const type = search['type'];
    return {
      ...(Number.isInteger(currency) && currency > 0 ? { currency } : {}),
      ...(type === 'legal' || type === 'change' || type === 'lever' || type === 'micro' ? { type } : {}),
    };
  },
  component: BillsScreen,
});
