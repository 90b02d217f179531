import { createFileRoute } from '@tanstack/react-router';
import { AlertsScreen } from '../../../../features/alerts/AlertsScreen';
import { loadNamespace } from '../../../../i18n';

/** My price alerts: pause, resume, edit, delete; this device's notifications. */
export const Route = createFileRoute('/_auth/pages/alerts/list')({ loader: () => loadNamespace('alerts'), component: AlertsScreen });
