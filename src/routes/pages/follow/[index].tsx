import { createFileRoute } from '@tanstack/react-router';
import { TraderListScreen } from '../../../features/copy/TraderListScreen';
import { loadNamespace } from '../../../i18n';

/** Copy trading: the traders to follow. */
export const Route = createFileRoute('/pages/follow/index')({ loader: () => loadNamespace('copy'), component: TraderListScreen });
