import { createFileRoute } from '@tanstack/react-router';
import { PageScreen } from '../../../features/content/ContentScreens';

export const Route = createFileRoute('/pages/setting/operational_compliance')({
  component: function Screen() {
    return <PageScreen page="operational_compliance" />;
  },
});
