import { createFileRoute } from '@tanstack/react-router';
import { RealMarkScreen } from '../../../../features/identity/RealMarkScreen';

export const Route = createFileRoute('/_auth/pages/setting/real_mark')({ component: RealMarkScreen });
