import { createFileRoute } from '@tanstack/react-router';
import { PageScreen } from '../../../features/content/ContentScreens';

export const Route = createFileRoute('/pages/common/contactus')({
  component: function Screen() {
    return <PageScreen page="contactus" />;
  },
});
