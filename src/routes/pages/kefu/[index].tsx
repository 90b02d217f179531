import { createFileRoute } from '@tanstack/react-router';
import { ServiceScreen } from '../../../features/content/ContentScreens';

/** Customer service (spec: kefu/index). */
export const Route = createFileRoute('/pages/kefu/index')({ component: ServiceScreen });
