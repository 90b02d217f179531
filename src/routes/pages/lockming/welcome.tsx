import { createFileRoute } from '@tanstack/react-router';
import { LockupWelcomeScreen } from '../../../features/finance/LockupScreens';
import { loadNamespace } from '../../../i18n';

/** What lock-up mining is: rates, payouts, early redemption. */
export const Route = createFileRoute('/pages/lockming/welcome')({ loader: () => loadNamespace('finance'), component: LockupWelcomeScreen });
