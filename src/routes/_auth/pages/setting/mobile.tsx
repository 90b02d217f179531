import { createFileRoute } from '@tanstack/react-router';
import { MobileScreen } from '../../../../features/settings/MobileScreen';

export const Route = createFileRoute('/_auth/pages/setting/mobile')({ component: MobileScreen });
