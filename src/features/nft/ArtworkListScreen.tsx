import { useNavigate } from '@tanstack/react-router';
import { useT } from '../../i18n';
import { Segmented } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import { SALE_MODES, type SaleModeFilter } from './nft';
import styles from './nft.module.css';
import { SaleGrid, useNow } from './parts';

/** nft/components/artwork: everything on sale in one mode (?mode=), a page at a time. */
export function ArtworkListScreen({ mode }: { mode: SaleModeFilter }) {
  const t = useT();
  const navigate = useNavigate();
  const now = useNow();
  return (
    <Screen title={t(`nft:artworks.title.${mode}`)}>
      <div className={styles.page}>
        <div className={styles.tabs}>
          <Segmented
            options={SALE_MODES.map((value) => ({ value, label: t(`nft:market.mode.${value}`) }))}
            value={mode}
            onChange={(next) => void navigate({ to: '/pages/nft/components/artwork', search: next === 'all' ? {} : { mode: next }, replace: true })}
          />
        </div>
        <SaleGrid key={mode} query={mode === 'all' ? {} : { mode }} now={now} />
      </div>
    </Screen>
  );
}
