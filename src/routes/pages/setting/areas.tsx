import { createFileRoute } from '@tanstack/react-router';
import { AreaScreen } from '../../../features/auth/AreaScreen';

export const Route = createFileRoute('/pages/setting/areas')({ component: AreaScreen });
