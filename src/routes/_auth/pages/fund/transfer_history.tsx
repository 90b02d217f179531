import { createFileRoute } from '@tanstack/react-router';
import { MoveHistoryScreen } from '../../../../features/assets/MoveHistoryScreen';

export const Route = createFileRoute('/_auth/pages/fund/transfer_history')({ component: MoveHistoryScreen });
