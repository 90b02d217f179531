import { createFileRoute } from '@tanstack/react-router';
import { IeoListScreen } from '../../../features/finance/IeoScreens';
import { loadNamespace } from '../../../i18n';

/** IEO projects: in progress, warming up, ended. */
export const Route = createFileRoute('/pages/ieo/ieo')({ loader: () => loadNamespace('finance'), component: IeoListScreen });
