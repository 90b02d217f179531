import { useState } from 'react';
import { api } from '../../../api/client';
import { useT } from '../../../i18n';
import { useSubmit } from '../../../lib/useSubmit';
import { ListFooter } from '../../../ui/ListFooter';
import { Skeleton } from '../../../ui/Skeleton';
import styles from './mine.module.css';
import { sortBoxes, itemTarget, type NftBoxUnit } from './nft';
import { ArtworkTile, Cover, NftLink, Rarity } from './parts';
import { Reveal } from './Reveal';
import type { Mine } from './useMine';

/** The artworks the user owns, as a grid of covers. */
export function ArtworksTab({ mine }: { mine: Mine }) {
  const t = useT();
  return (
    <>
      {mine.items.length > 0 && (
        <div className={styles.grid} data-testid="nft-artworks">
          {mine.items.map((item) => (
            <ArtworkTile key={item.id} item={item} own />
          ))}
        </div>
      )}
      {!mine.loading && mine.items.length === 0 ? <p className={styles.empty}>{t('nft:mine.artworks.none')}</p> : <ListFooter {...mine} skeleton="card" />}
    </>
  );
}

/** The blind boxes the user bought: those to open first, then what each opened into. */
export function BoxesTab({ mine }: { mine: Mine }) {
  const t = useT();
  const [revealed, setRevealed] = useState<NftBoxUnit | null>(null);
  const [opening, setOpening] = useState<number | null>(null);
  const [, run] = useSubmit();
  const open = (unit: NftBoxUnit) =>
    void run(async () => {
      setOpening(unit.id);
      try {
        const answer = await api('POST /bind_box/openBlindBox', { id: unit.id });
        setRevealed(answer);
        mine.opened(answer);
      } finally {
        setOpening(null);
      }
    });

  if (mine.boxes === null) return mine.loading ? <Skeleton shape="card" /> : null;
  const boxes = sortBoxes(mine.boxes);
  return (
    <>
      {boxes.length === 0 ? (
        <p className={styles.empty}>{t('nft:mine.boxes.none')}</p>
      ) : (
        <div className={styles.grid} data-testid="nft-boxes">
          {boxes.map((unit) => (
            <div key={unit.id} className={styles.tile} data-testid="nft-box" data-opened={unit.opened_at !== null}>
              <Cover src={unit.item?.cover ?? unit.box.cover} />
              <div className={styles.tileBody}>
                <span className={styles.tileName}>{unit.box.name}</span>
                <span className={styles.tileMeta}>
                  <span className={styles.code}>{t('nft:mine.boxes.number', { number: unit.number })}</span>
                  {unit.item && <Rarity rarity={unit.item.rarity} />}
                </span>
                {unit.item ? (
                  <NftLink to={itemTarget(unit.item.code)} className={styles.drawn}>
                    <span>{t('nft:mine.boxes.opened_into', { name: unit.item.name })}</span>
                  </NftLink>
                ) : (
                  <button type="button" className={styles.openButton} disabled={opening !== null} aria-busy={opening === unit.id} onClick={() => open(unit)} data-testid="nft-box-open">
                    {t('nft:mine.boxes.open')}
                  </button>
                )}
              </div>
            </div>
          ))}
        </div>
      )}
      {revealed?.item && <Reveal unit={revealed} item={revealed.item} onClose={() => setRevealed(null)} />}
    </>
  );
}
