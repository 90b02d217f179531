import { createFileRoute } from '@tanstack/react-router';
import { LockupOrderScreen } from '../../../../features/finance/LockupScreens';
import { loadNamespace } from '../../../../i18n';

/** The user's lock-up orders, in progress and ended, with early redemption. */
export const Route = createFileRoute('/_auth/pages/lockming/order')({ loader: () => loadNamespace('finance'), component: LockupOrderScreen });
