import { createFileRoute } from '@tanstack/react-router';
import { DualListScreen } from '../../../features/finance/DualScreens';

/** Dual investment products: sell high or buy low, by coin. */
export const Route = createFileRoute('/pages/invest/invest')({ component: DualListScreen });
