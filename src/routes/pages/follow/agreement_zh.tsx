import { createFileRoute } from '@tanstack/react-router';
import { AgreementScreen } from '../../../features/copy/AgreementScreen';
import { loadNamespace } from '../../../i18n';

/** The copy trading agreement in Chinese (spec 2). */
export const Route = createFileRoute('/pages/follow/agreement_zh')({
  loader: () => loadNamespace('copy'),
  component: function Screen() {
    return <AgreementScreen fixed="zh" />;
  },
});
