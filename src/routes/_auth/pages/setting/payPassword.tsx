import { createFileRoute } from '@tanstack/react-router';
import { PayPasswordScreen } from '../../../../features/settings/PayPasswordScreen';

export const Route = createFileRoute('/_auth/pages/setting/payPassword')({ component: PayPasswordScreen });
