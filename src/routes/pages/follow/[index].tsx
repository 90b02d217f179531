import { createFileRoute } from '@tanstack/react-router';
import { TraderListScreen } from '../../../features/copy/TraderListScreen';

/** Copy trading: the traders to follow. */
export const Route = createFileRoute('/pages/follow/index')({ component: TraderListScreen });
