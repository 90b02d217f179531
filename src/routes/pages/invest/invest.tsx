import { createFileRoute } from '@tanstack/react-router';
import { DualListScreen } from '../../../features/finance/DualScreens';
import { loadNamespace } from '../../../i18n';

/** Dual investment products: sell high or buy low, by coin. */
export const Route = createFileRoute('/pages/invest/invest')({ loader: () => loadNamespace('finance'), component: DualListScreen });
