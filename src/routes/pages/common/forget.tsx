import { createFileRoute } from '@tanstack/react-router';
import { ForgotScreen } from '../../../features/auth/ForgotScreen';

export const Route = createFileRoute('/pages/common/forget')({ component: ForgotScreen });
