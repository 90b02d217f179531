import { createFileRoute } from '@tanstack/react-router';
import { MoveScreen } from '../../../../features/assets/MoveScreen';

export const Route = createFileRoute('/_auth/pages/fund/fundTransfer')({ component: MoveScreen });
