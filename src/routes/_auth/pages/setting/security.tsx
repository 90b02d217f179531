import { createFileRoute } from '@tanstack/react-router';
import { SecurityScreen } from '../../../../features/settings/SecurityScreen';
import { loadNamespace } from '../../../../i18n';

export const Route = createFileRoute('/_auth/pages/setting/security')({ loader: () => loadNamespace('security'), component: SecurityScreen });
