import { createFileRoute } from '@tanstack/react-router';
import { AgreementScreen } from '../../../features/copy/AgreementScreen';
import { loadNamespace } from '../../../i18n';

/** The copy trading agreement in the reader's language. */
export const Route = createFileRoute('/pages/follow/agreement')({
  loader: () => loadNamespace('copy'),
  component: function Screen() {
    return <AgreementScreen />;
  },
});
