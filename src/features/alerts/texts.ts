import type { ApiOutput } from '../../../contract/api';
import { formatAmount } from '../../../contract/format';
import type { Language } from '../../../contract/languages';
import { Money } from '../../../contract/money';
import type { AlertFiringView } from '../../../contract/worker-api';
import type { Translator } from '../../i18n';

/** What the alert screens say of an alert and of a firing, from the answers' fields. */
export type AlertView = ApiOutput<'GET /alerts/list'>['data'][number];

/** A percentage at two decimals, in the language's marks. */
export function percentText(value: string, language: Language): string {
  return formatAmount(new Money(value).abs().toFixed(2), language);
}

/** The level: a price at the market's decimals, or a percentage. */
export function levelText(alert: Pick<AlertView, 'kind' | 'level' | 'precision'>, language: Language): string {
  return alert.kind === 'price' ? formatAmount(new Money(alert.level).toFixed(alert.precision), language) : percentText(alert.level, language);
}

/** "BTC/USDT rises to 97,000.00", "BTC/USDT 24h change reaches -5.00 %", "Futures risk rate falls to 50.00 %". */
export function describe(t: Translator, alert: Pick<AlertView, 'kind' | 'level' | 'precision' | 'direction' | 'symbol'>, language: Language): string {
  const values = { symbol: alert.symbol ?? '', level: levelText(alert, language) };
  if (alert.kind === 'risk') return t('alerts:describe.risk', values);
  if (alert.kind === 'change') return t(alert.direction === 'up' ? 'alerts:describe.change_up' : 'alerts:describe.change_down', values);
  return t(alert.direction === 'up' ? 'alerts:describe.price_up' : 'alerts:describe.price_down', values);
}

/** What happened: "BTC/USDT rose to 97,012.50", "BTC/USDT is down 5.04 % in 24 hours", "Your futures risk rate fell to 49.80 %". */
export function headline(t: Translator, firing: AlertFiringView, language: Language): string {
  const symbol = firing.symbol ?? '';
  if (firing.kind === 'risk') return t('alerts:fired.risk', { risk: percentText(firing.value, language) });
  if (firing.kind === 'change') return t(firing.direction === 'up' ? 'alerts:fired.change_up' : 'alerts:fired.change_down', { symbol, change: percentText(firing.value, language) });
  return t(firing.direction === 'up' ? 'alerts:fired.price_up' : 'alerts:fired.price_down', { symbol, price: formatAmount(firing.value, language) });
}

/** The trade that fired it: "Trade #8589934597 at 97,012.50". */
export function tradeText(t: Translator, firing: AlertFiringView, language: Language): string {
  return t('alerts:fired.trade', { seq: firing.tick.seq, price: formatAmount(firing.tick.price, language) });
}
