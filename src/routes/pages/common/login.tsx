import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '../../../features/auth/LoginScreen';
import { loadNamespace } from '../../../i18n';

export const Route = createFileRoute('/pages/common/login')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => (typeof search['redirect'] === 'string' && search['redirect'].startsWith('/') ? { redirect: search['redirect'] } : {}),
  loader: () => loadNamespace('security'),
  component: LoginScreen,
});
