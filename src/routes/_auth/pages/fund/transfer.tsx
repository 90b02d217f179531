import { createFileRoute } from '@tanstack/react-router';
import { ExchangeScreen } from '../../../../features/assets/ExchangeScreen';

export const Route = createFileRoute('/_auth/pages/fund/transfer')({ component: ExchangeScreen });
