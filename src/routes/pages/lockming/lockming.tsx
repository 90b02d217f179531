import { createFileRoute } from '@tanstack/react-router';
import { LockupListScreen } from '../../../features/finance/LockupScreens';
import { loadNamespace } from '../../../i18n';

/** Lock-up mining products. */
export const Route = createFileRoute('/pages/lockming/lockming')({ loader: () => loadNamespace('finance'), component: LockupListScreen });
