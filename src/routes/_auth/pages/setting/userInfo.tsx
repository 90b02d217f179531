import { createFileRoute } from '@tanstack/react-router';
import { ProfileScreen } from '../../../../features/settings/ProfileScreen';

export const Route = createFileRoute('/_auth/pages/setting/userInfo')({ component: ProfileScreen });
