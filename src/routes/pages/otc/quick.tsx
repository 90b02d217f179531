import { createFileRoute } from '@tanstack/react-router';
import { OtcQuickScreen } from '../../../features/otc/QuickScreen';
import { loadNamespace } from '../../../i18n';

/** Quick coin purchase (and sale): the best advertisement for a fiat amount, ordered in one tap. */
export const Route = createFileRoute('/pages/otc/quick')({ loader: () => loadNamespace('otc'), component: OtcQuickScreen });
