import { createFileRoute } from '@tanstack/react-router';
import { SessionsScreen } from '../../../../features/security/SessionsScreen';
import { loadNamespace } from '../../../../i18n';

/** Devices and sessions: where the account is logged in, each one revocable. */
export const Route = createFileRoute('/_auth/pages/setting/sessions')({ loader: () => loadNamespace('security'), component: SessionsScreen });
