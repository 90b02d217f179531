import { createFileRoute } from '@tanstack/react-router';
import { AgreementScreen } from '../../../features/copy/AgreementScreen';
import { loadNamespace } from '../../../i18n';

/** The copy trading agreement in English (spec 2). */
export const Route = createFileRoute('/pages/follow/agreement_en')({
  loader: () => loadNamespace('copy'),
  component: function Screen() {
    return <AgreementScreen fixed="en" />;
  },
});
