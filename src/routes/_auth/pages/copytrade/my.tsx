import { createFileRoute } from '@tanstack/react-router';
import { MyCopiesScreen } from '../../../../features/copy/MyCopiesScreen';
import { loadNamespace } from '../../../../i18n';

/** The traders the user follows, skipped copies, and the copied positions. */
export const Route = createFileRoute('/_auth/pages/copytrade/my')({ loader: () => loadNamespace('copy'), component: MyCopiesScreen });
