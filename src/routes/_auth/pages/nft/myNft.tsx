import { createFileRoute } from '@tanstack/react-router';
import { MyNftScreen } from '../../../../features/nft/mine/MyNftScreen';
import { loadNamespace } from '../../../../i18n';

/** One of my artworks: ?code= (KN000001). */
export const Route = createFileRoute('/_auth/pages/nft/myNft')({
  loader: () => loadNamespace('nft'),
  validateSearch: (search: Record<string, unknown>): { code: string } => ({ code: typeof search['code'] === 'string' ? search['code'] : '' }),
  component: function MyNft() {
    const { code } = Route.useSearch();
    return <MyNftScreen key={code} code={code} />;
  },
});
