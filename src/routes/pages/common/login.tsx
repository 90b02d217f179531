import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '../../../features/auth/LoginScreen';

export const Route = createFileRoute('/pages/common/login')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => (typeof search['redirect'] === 'string' && search['redirect'].startsWith('/') ? { redirect: search['redirect'] } : {}),
  component: LoginScreen,
});
