import { useEffect, useId, useRef } from 'react';
import { useT } from '../../../i18n';
import styles from './mine.module.css';
import { itemTarget, listingTarget, type NftBoxUnit, type NftItem } from './nft';
import { NftLink, Rarity } from './parts';

/**
 * A blind box opening: the box shakes and gives way to the artwork it drew (CSS, about
 * 1.1 s; shown at once for whoever prefers reduced motion), its rarity, and where anyone
 * can check the draw once the box's sale is over (its published seed).
 */
export function Reveal({ unit, item, onClose }: { unit: NftBoxUnit; item: NftItem; onClose: () => void }) {
  const t = useT();
  const id = useId();
  const done = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    done.current?.focus();
  }, []);
  return (
    <div className={styles.revealMask} onClick={onClose}>
      <div className={styles.reveal} role="dialog" aria-modal="true" aria-labelledby={id} onClick={(event) => event.stopPropagation()} data-testid="nft-reveal">
        <h2 className={styles.revealTitle} id={id}>
          {t('nft:mine.reveal.title', { box: unit.box.name, number: unit.number })}
        </h2>
        <div className={styles.stage} aria-hidden="true">
          <div className={`${styles.stageItem} ${styles[`glow-${item.rarity}`]}`}>{item.cover && <img src={item.cover} alt="" />}</div>
          <div className={styles.stageBox}>{unit.box.cover && <img src={unit.box.cover} alt="" />}</div>
        </div>
        <p className={styles.revealName} data-testid="nft-reveal-name">
          {item.name}
        </p>
        <Rarity rarity={item.rarity} />
        <p className={styles.seed}>
          <NftLink to={listingTarget({ mode: 'box', id: unit.box.id })} className={styles.link} testId="nft-reveal-verify" onClick={onClose}>
            {t('nft:mine.reveal.seed')}
          </NftLink>
        </p>
        <div className={styles.revealActions}>
          <button type="button" ref={done} className={styles.secondary} onClick={onClose}>
            {t('nft:mine.reveal.done')}
          </button>
          <NftLink to={itemTarget(item.code)} className={styles.primary} onClick={onClose}>
            {t('nft:mine.reveal.view')}
          </NftLink>
        </div>
      </div>
    </div>
  );
}
