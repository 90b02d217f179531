import { createFileRoute } from '@tanstack/react-router';
import { IeoHelpScreen } from '../../../features/finance/IeoScreens';
import { loadNamespace } from '../../../i18n';

/** How an IEO works: phases, cap, payment, allocation, lock, listing. */
export const Route = createFileRoute('/pages/ieo/help')({ loader: () => loadNamespace('finance'), component: IeoHelpScreen });
