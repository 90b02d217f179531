import { createFileRoute } from '@tanstack/react-router';
import { WithdrawScreen } from '../../../../features/assets/WithdrawScreen';
import { loadNamespace } from '../../../../i18n';

/** ?currency=<currency id>&network=BTC|ERC20|TRC20 */
export const Route = createFileRoute('/_auth/pages/fund/withdraw')({
  validateSearch: (search: Record<string, unknown>): { currency: number; network: 'BTC' | 'ERC20' | 'TRC20' } => {
    const currency = Number(search['currency']);
    const network = search['network'];
    return { currency: Number.isInteger(currency) && currency > 0 ? currency : 3, network: network === 'BTC' || network === 'ERC20' ? network : 'TRC20' };
  },
  loader: () => loadNamespace('security'),
  component: WithdrawScreen,
});
