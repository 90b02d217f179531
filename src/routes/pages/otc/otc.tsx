import { createFileRoute } from '@tanstack/react-router';
import { OtcMarketScreen } from '../../../features/otc/MarketScreen';
import { loadNamespace } from '../../../i18n';

/** The P2P market: advertisements to buy or sell a coin for a fiat (visitors browse; ordering asks to log in). */
export const Route = createFileRoute('/pages/otc/otc')({ loader: () => loadNamespace('otc'), component: OtcMarketScreen });
