import { createFileRoute } from '@tanstack/react-router';
import { AddressBookScreen } from '../../../../features/assets/AddressBookScreen';

export const Route = createFileRoute('/_auth/pages/setting/wallet')({ component: AddressBookScreen });
