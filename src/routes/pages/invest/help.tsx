import { createFileRoute } from '@tanstack/react-router';
import { DualHelpScreen } from '../../../features/finance/DualScreens';
import { loadNamespace } from '../../../i18n';

/** How dual investment works: the rule, an example, the risks. */
export const Route = createFileRoute('/pages/invest/help')({ loader: () => loadNamespace('finance'), component: DualHelpScreen });
