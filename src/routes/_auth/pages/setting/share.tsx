import { createFileRoute } from '@tanstack/react-router';
import { ShareScreen } from '../../../../features/people/ShareScreen';

export const Route = createFileRoute('/_auth/pages/setting/share')({ component: ShareScreen });
