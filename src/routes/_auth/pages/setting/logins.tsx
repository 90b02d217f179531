import { createFileRoute } from '@tanstack/react-router';
import { LoginHistoryScreen } from '../../../../features/security/LoginHistoryScreen';
import { loadNamespace } from '../../../../i18n';

/** The login history: every login, successful and refused. */
export const Route = createFileRoute('/_auth/pages/setting/logins')({ loader: () => loadNamespace('security'), component: LoginHistoryScreen });
