import { createFileRoute } from '@tanstack/react-router';
import { PasswordScreen } from '../../../../features/settings/PasswordScreen';

export const Route = createFileRoute('/_auth/pages/setting/password')({ component: PasswordScreen });
