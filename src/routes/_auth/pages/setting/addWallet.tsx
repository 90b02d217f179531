import { createFileRoute } from '@tanstack/react-router';
import { AddAddressScreen } from '../../../../features/assets/AddAddressScreen';

export const Route = createFileRoute('/_auth/pages/setting/addWallet')({ component: AddAddressScreen });
