import { createFileRoute } from '@tanstack/react-router';
import { AgreementScreen } from '../../../features/copy/AgreementScreen';

/** The copy trading agreement in Chinese (spec 2). */
export const Route = createFileRoute('/pages/follow/agreement_zh')({
  component: function Screen() {
    return <AgreementScreen fixed="zh" />;
  },
});
