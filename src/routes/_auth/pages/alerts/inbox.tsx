import { createFileRoute } from '@tanstack/react-router';
import { InboxScreen } from '../../../../features/alerts/InboxScreen';
import { loadNamespace } from '../../../../i18n';

/** The price alerts that fired, newest first, with the trade that fired each; where a notification's tap leads. */
export const Route = createFileRoute('/_auth/pages/alerts/inbox')({ loader: () => loadNamespace('alerts'), component: InboxScreen });
