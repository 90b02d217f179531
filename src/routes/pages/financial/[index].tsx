import { createFileRoute } from '@tanstack/react-router';
import { FinanceScreen } from '../../../features/finance/FinanceScreen';

/** The finance tab: lock-up mining products and the user's orders. */
export const Route = createFileRoute('/pages/financial/index')({ component: FinanceScreen });
