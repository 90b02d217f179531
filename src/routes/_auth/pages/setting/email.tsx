import { createFileRoute } from '@tanstack/react-router';
import { EmailScreen } from '../../../../features/settings/EmailScreen';

export const Route = createFileRoute('/_auth/pages/setting/email')({ component: EmailScreen });
