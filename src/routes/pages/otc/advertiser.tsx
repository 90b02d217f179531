import { createFileRoute } from '@tanstack/react-router';
import { OtcAdvertiserScreen } from '../../../features/otc/AdvertiserScreen';
import { loadNamespace } from '../../../i18n';

/** An OTC advertiser's profile: ?uid= (their user id as others see it). */
export const Route = createFileRoute('/pages/otc/advertiser')({
  loader: () => loadNamespace('otc'),
  validateSearch: (search: Record<string, unknown>): { uid: number } => {
    const uid = Number(search['uid']);
    return { uid: Number.isInteger(uid) && uid > 0 ? uid : 0 };
  },
  component: function Screen() {
    const { uid } = Route.useSearch();
    return <OtcAdvertiserScreen key={uid} uid={uid} />;
  },
});
