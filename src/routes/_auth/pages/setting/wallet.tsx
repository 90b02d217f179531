import { createFileRoute } from '@tanstack/react-router';
import { AddressBookScreen } from '../../../../features/assets/AddressBookScreen';
import { loadNamespace } from '../../../../i18n';

export const Route = createFileRoute('/_auth/pages/setting/wallet')({ loader: () => loadNamespace('security'), component: AddressBookScreen });
