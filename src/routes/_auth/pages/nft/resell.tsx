import { createFileRoute } from '@tanstack/react-router';
import { ResellScreen } from '../../../../features/nft/mine/ResellScreen';
import { loadNamespace } from '../../../../i18n';

/** Reselling one of my artworks: ?code= (KN000001). */
export const Route = createFileRoute('/_auth/pages/nft/resell')({
  loader: () => loadNamespace('nft'),
  validateSearch: (search: Record<string, unknown>): { code: string } => ({ code: typeof search['code'] === 'string' ? search['code'] : '' }),
  component: function Resell() {
    const { code } = Route.useSearch();
    return <ResellScreen key={code} code={code} />;
  },
});
