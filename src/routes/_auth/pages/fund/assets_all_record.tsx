import { createFileRoute } from '@tanstack/react-router';
import { AllBillsScreen } from '../../../../features/assets/BillsScreen';

export const Route = createFileRoute('/_auth/pages/fund/assets_all_record')({ component: AllBillsScreen });
