import { createFileRoute } from '@tanstack/react-router';
import { LockupWelcomeScreen } from '../../../features/finance/LockupScreens';

/** What lock-up mining is: rates, payouts, early redemption. */
export const Route = createFileRoute('/pages/lockming/welcome')({ component: LockupWelcomeScreen });
