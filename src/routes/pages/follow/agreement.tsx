import { createFileRoute } from '@tanstack/react-router';
import { AgreementScreen } from '../../../features/copy/AgreementScreen';

/** The copy trading agreement in the reader's language. */
export const Route = createFileRoute('/pages/follow/agreement')({
  component: function Screen() {
    return <AgreementScreen />;
  },
});
