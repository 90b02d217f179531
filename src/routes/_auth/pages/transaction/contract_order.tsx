import { createFileRoute } from '@tanstack/react-router';
import { ContractOrderScreen } from '../../../../features/trade/OrderScreens';

export const Route = createFileRoute('/_auth/pages/transaction/contract_order')({ component: ContractOrderScreen });
