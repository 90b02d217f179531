import { createFileRoute } from '@tanstack/react-router';
import { SecurityScreen } from '../../../../features/settings/SecurityScreen';

export const Route = createFileRoute('/_auth/pages/setting/security')({ component: SecurityScreen });
