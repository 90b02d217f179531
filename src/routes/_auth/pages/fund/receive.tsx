import { createFileRoute } from '@tanstack/react-router';
import { ReceiveScreen } from '../../../../features/assets/ReceiveScreen';

/** ?currency=<currency id>&network=BTC|ERC20|TRC20 */
export const Route = createFileRoute('/_auth/pages/fund/receive')({
  validateSearch: (search: Record<string, unknown>): { currency: number; network: 'BTC' | 'ERC20' | 'TRC20' } => {
    const currency = Number(search['currency']);
    const network = search['network'];
    return { currency: Number.isInteger(currency) && currency > 0 ? currency : 3, network: network === 'BTC' || network === 'ERC20' ? network : 'TRC20' };
  },
  component: ReceiveScreen,
});
