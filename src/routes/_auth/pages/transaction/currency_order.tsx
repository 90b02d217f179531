import { createFileRoute } from '@tanstack/react-router';
import { CurrencyOrderScreen } from '../../../../features/trade/OrderScreens';

export const Route = createFileRoute('/_auth/pages/transaction/currency_order')({ component: CurrencyOrderScreen });
