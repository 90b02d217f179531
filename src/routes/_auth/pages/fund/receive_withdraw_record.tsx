import { createFileRoute } from '@tanstack/react-router';
import { RecordsScreen } from '../../../../features/assets/RecordsScreen';

export const Route = createFileRoute('/_auth/pages/fund/receive_withdraw_record')({
  validateSearch: (search: Record<string, unknown>): { tab: 'deposits' | 'withdrawals' } => ({ tab: search['tab'] === 'withdrawals' ? 'withdrawals' : 'deposits' }),
  component: RecordsScreen,
});
