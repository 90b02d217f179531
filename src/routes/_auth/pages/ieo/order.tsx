import { createFileRoute } from '@tanstack/react-router';
import { IeoOrdersScreen } from '../../../../features/finance/IeoScreens';
import { loadNamespace } from '../../../../i18n';

/** The user's IEO subscriptions. */
export const Route = createFileRoute('/_auth/pages/ieo/order')({ loader: () => loadNamespace('finance'), component: IeoOrdersScreen });
