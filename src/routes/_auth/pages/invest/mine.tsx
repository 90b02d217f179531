import { createFileRoute } from '@tanstack/react-router';
import { DualOrdersScreen } from '../../../../features/finance/DualScreens';
import { loadNamespace } from '../../../../i18n';

/** The user's dual investment orders, active and closed. */
export const Route = createFileRoute('/_auth/pages/invest/mine')({ loader: () => loadNamespace('finance'), component: DualOrdersScreen });
