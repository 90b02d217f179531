import { createFileRoute } from '@tanstack/react-router';
import { BankScreen } from '../../../../features/people/BankScreen';

export const Route = createFileRoute('/_auth/pages/setting/bank_international')({
  component: function Screen() {
    return <BankScreen kind="international" />;
  },
});
