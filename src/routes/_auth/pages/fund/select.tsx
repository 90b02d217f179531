import { createFileRoute } from '@tanstack/react-router';
import { SelectCoinScreen } from '../../../../features/assets/SelectCoinScreen';

export const Route = createFileRoute('/_auth/pages/fund/select')({
  validateSearch: (search: Record<string, unknown>): { action: 'receive' | 'withdraw' } => ({ action: search['action'] === 'withdraw' ? 'withdraw' : 'receive' }),
  component: SelectCoinScreen,
});
