import { createFileRoute } from '@tanstack/react-router';
import { SecondsOrderScreen } from '../../../../features/trade/OrderScreens';

export const Route = createFileRoute('/_auth/pages/transaction/seconds_order')({ component: SecondsOrderScreen });
