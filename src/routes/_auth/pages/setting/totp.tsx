import { createFileRoute } from '@tanstack/react-router';
import { TotpScreen } from '../../../../features/security/TotpScreen';
import { loadNamespace } from '../../../../i18n';

/** The authenticator app (two-factor authentication): set up, recovery codes, turn off. */
export const Route = createFileRoute('/_auth/pages/setting/totp')({ loader: () => loadNamespace('security'), component: TotpScreen });
