import { createFileRoute } from '@tanstack/react-router';
import { RegisterScreen } from '../../../features/auth/RegisterScreen';

export const Route = createFileRoute('/pages/common/register')({
  validateSearch: (search: Record<string, unknown>): { invite?: string } => {
    const invite = search['invite'];
    return typeof invite === 'string' && /^[A-Za-z0-9]{4,16}$/.test(invite) ? { invite } : {};
  },
  component: RegisterScreen,
});
