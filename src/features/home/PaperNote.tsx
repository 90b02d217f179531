import { useSignals } from '@preact/signals-react/runtime';
import { EXCHANGE_NAMES } from '../../../contract/market';
import { liveExchange } from '../../core/store';
import { useT } from '../../i18n';

/** What this exchange is: paper trading on the simulated market, or on a public exchange's live prices (MARKET=live). */
export function PaperNote({ className, welcome = false }: { className: string | undefined; welcome?: boolean }) {
  useSignals();
  const t = useT();
  const exchange = liveExchange.value;
  const text = exchange
    ? t(welcome ? 'common:home.welcome_body_live' : 'common:paper_trading_live', { exchange: EXCHANGE_NAMES[exchange] })
    : t(welcome ? 'common:home.welcome_body' : 'common:paper_trading');
  return <p className={className}>{text}</p>;
}
