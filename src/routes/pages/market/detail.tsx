import { createFileRoute } from '@tanstack/react-router';
import { DetailScreen } from '../../../features/market/DetailScreen';
import { loadNamespace } from '../../../i18n';

/**
 * A pair's screen: ?symbol=BTCUSDT (or BTC/USDT); &chart=full shows its chart full screen
 * (the back button closes it); its bell's sheet adds a price alert (the alerts texts).
 */
export const Route = createFileRoute('/pages/market/detail')({
  validateSearch: (search: Record<string, unknown>): { symbol: string; chart?: 'full' } => {
    const symbol = typeof search['symbol'] === 'string' ? search['symbol'].toUpperCase() : '';
    return {
      symbol: /^[A-Z0-9]{2,12}\/?[A-Z0-9]{2,8}$/.test(symbol) ? symbol.replace('/', '') : 'BTCUSDT',
      ...(search['chart'] === 'full' ? { chart: 'full' as const } : {}),
    };
  },
  loader: () => Promise.all([loadNamespace('alerts'), loadNamespace('chart')]),
  component: DetailScreen,
});
