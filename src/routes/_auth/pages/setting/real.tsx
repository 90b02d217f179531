import { createFileRoute } from '@tanstack/react-router';
import { RealScreen } from '../../../../features/identity/RealScreen';

export const Route = createFileRoute('/_auth/pages/setting/real')({ component: RealScreen });
