import { createFileRoute } from '@tanstack/react-router';
import { DualHelpScreen } from '../../../features/finance/DualScreens';

/** How dual investment works: the rule, an example, the risks. */
export const Route = createFileRoute('/pages/invest/help')({ component: DualHelpScreen });
