import { createFileRoute } from '@tanstack/react-router';
import { FaqScreen } from '../../../features/content/ContentScreens';

export const Route = createFileRoute('/pages/common/faq')({ component: FaqScreen });
