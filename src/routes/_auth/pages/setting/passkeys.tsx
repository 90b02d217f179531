import { createFileRoute } from '@tanstack/react-router';
import { PasskeysScreen } from '../../../../features/security/PasskeysScreen';
import { loadNamespace } from '../../../../i18n';

/** Passkeys: the list, add one on this device, remove one. */
export const Route = createFileRoute('/_auth/pages/setting/passkeys')({ loader: () => loadNamespace('security'), component: PasskeysScreen });
