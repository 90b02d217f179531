import type { ApiOutput } from '../../contract/api';
import type { ConsoleT } from '../i18n';

type Orders = ApiOutput<'GET /operator/user/orders'>;
type Profile = ApiOutput<'GET /operator/user'>;

/**
 * The values the Users screens name in words (locales/<code>/admin.json, `users.<group>.<value>`),
 * each group held to the contract's own values; admin/i18n.test.ts finds every one in English.
 */
export const WORDS = {
  accounts: ['legal', 'change', 'lever', 'micro'],
  parts: ['available', 'frozen', 'locked'],
  identity_status: ['pending', 'approved', 'rejected'] as const satisfies readonly NonNullable<Profile['identity']>['status'][],
  sides: ['buy', 'sell'] as const satisfies readonly Orders['spot'][number]['side'][],
  spot_types: ['limit', 'market', 'stop_limit', 'oco'] as const satisfies readonly Orders['spot'][number]['type'][],
  spot_status: ['open', 'filled', 'cancelled'] as const satisfies readonly Orders['spot'][number]['status'][],
  directions: ['buy', 'sell'] as const satisfies readonly Orders['positions'][number]['direction'][],
  position_status: ['pending', 'open', 'closed', 'cancelled'] as const satisfies readonly Orders['positions'][number]['status'][],
  close_reasons: ['user', 'batch', 'take_profit', 'stop_loss', 'liquidation', 'copy', 'trailing_stop', 'limit_close'] as const satisfies readonly NonNullable<
    Orders['positions'][number]['close_reason']
  >[],
  close_order_types: ['market', 'limit'] as const satisfies readonly Orders['close_orders'][number]['type'][],
  close_order_status: ['pending', 'filled', 'cancelled'] as const satisfies readonly Orders['close_orders'][number]['status'][],
  option_directions: ['up', 'down'] as const satisfies readonly Orders['options'][number]['direction'][],
  option_results: ['win', 'tie', 'loss'] as const satisfies readonly NonNullable<Orders['options'][number]['result']>[],
  option_status: ['open', 'settled'] as const satisfies readonly Orders['options'][number]['status'][],
} as const;

export type WordGroup = keyof typeof WORDS;

/** A value in words; one the console does not know yet (a newer server) shows as the server wrote it. */
export function word(t: ConsoleT, group: WordGroup, value: string): string {
  return (WORDS[group] as readonly string[]).includes(value) ? t(`users.${group}.${value}`) : value;
}
