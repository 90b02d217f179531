import { createFileRoute } from '@tanstack/react-router';
import { BecomeTraderScreen } from '../../../../features/copy/BecomeTraderScreen';
import { loadNamespace } from '../../../../i18n';

/** Applying to be a trader, and a trader's visibility. */
export const Route = createFileRoute('/_auth/pages/copytrade/trader')({ loader: () => loadNamespace('copy'), component: BecomeTraderScreen });
