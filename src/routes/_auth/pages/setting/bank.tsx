import { createFileRoute } from '@tanstack/react-router';
import { BankScreen } from '../../../../features/people/BankScreen';

export const Route = createFileRoute('/_auth/pages/setting/bank')({
  component: function Screen() {
    return <BankScreen kind="domestic" />;
  },
});
