import { createFileRoute } from '@tanstack/react-router';
import { LockupListScreen } from '../../../features/finance/LockupScreens';

/** Lock-up mining products. */
export const Route = createFileRoute('/pages/lockming/lockming')({ component: LockupListScreen });
