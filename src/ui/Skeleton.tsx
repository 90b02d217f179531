import { useEffect, type ReactNode } from 'react';
import { useT } from '../i18n';
import { skeletonShown } from './loading';
import styles from './Skeleton.module.css';

/**
 * The shapes things take while they load, each drawn like the real thing:
 * quote: a market row (name and volume, price, change badge);
 * record: a row of a history list (title and amount, two lines of detail);
 * facts: an order or position (title and tag, a grid of labelled figures);
 * card: a card on a surface (a product: title and rate, labelled lines, its button);
 * holding: a coin of an account (icon, code and value, three figures);
 * book: the order book's or the trade list's lines;
 * text: an article or page.
 */
export type SkeletonShape = 'quote' | 'record' | 'facts' | 'card' | 'holding' | 'book' | 'text';

const COUNTS: Record<SkeletonShape, number> = { quote: 10, record: 6, facts: 4, card: 2, holding: 4, book: 10, text: 1 };

const bar = (...classes: (string | undefined)[]) => <i className={[styles.bar, ...classes].join(' ')} />;

const ITEMS: Record<SkeletonShape, ReactNode> = {
  quote: (
    <>
      <span className={styles.stack}>
        {bar(styles.w55)}
        {bar(styles.w35, styles.small)}
      </span>
      {bar(styles.w70, styles.end)}
      {bar(styles.pill)}
    </>
  ),
  record: (
    <>
      <span className={styles.line}>
        {bar(styles.w40)}
        {bar(styles.w25)}
      </span>
      <span className={styles.line}>
        {bar(styles.w55, styles.small)}
        {bar(styles.w30, styles.small)}
      </span>
      <span className={styles.line}>
        {bar(styles.w35, styles.small)}
        {bar(styles.w40, styles.small)}
      </span>
    </>
  ),
  facts: (
    <>
      <span className={styles.line}>
        {bar(styles.w35)}
        {bar(styles.w15, styles.small)}
      </span>
      <span className={styles.grid}>
        {Array.from({ length: 6 }, (_, i) => (
          <span key={i} className={styles.stack}>
            {bar(styles.w55, styles.small)}
            {bar(styles.w80)}
          </span>
        ))}
      </span>
    </>
  ),
  card: (
    <>
      <span className={styles.line}>
        {bar(styles.w55, styles.title)}
        {bar(styles.w25)}
      </span>
      {[styles.w40, styles.w30, styles.w40, styles.w25].map((width, i) => (
        <span key={i} className={styles.line}>
          {bar(styles.w25, styles.small)}
          {bar(width, styles.small)}
        </span>
      ))}
      {bar(styles.button)}
    </>
  ),
  holding: (
    <>
      {bar(styles.icon)}
      <span className={styles.stack}>
        <span className={styles.line}>
          {bar(styles.w25)}
          {bar(styles.w25, styles.small)}
        </span>
        <span className={styles.grid}>
          {[0, 1, 2].map((i) => (
            <span key={i} className={styles.stack}>
              {bar(styles.w55, styles.small)}
              {bar(styles.w80, styles.small)}
            </span>
          ))}
        </span>
      </span>
    </>
  ),
  book: (
    <>
      {bar(styles.w25)}
      {bar(styles.w30)}
      {bar(styles.w20)}
    </>
  ),
  text: (
    <>
      {bar(styles.w80, styles.title)}
      {bar(styles.w40, styles.small)}
      {[100, 95, 98, 90, 96, 60].map((width) => (
        <i key={width} className={[styles.bar, styles.small].join(' ')} style={{ width: `${width}%` }} />
      ))}
    </>
  ),
};

/**
 * Placeholders in the shape of what is loading, shimmering (still for whoever prefers
 * reduced motion), told to screen readers as one "Loading". The one loading state of
 * lists, cards and pages: while one is on screen, the app-wide loading indicator of
 * slow requests stays away (the skeleton already says it).
 */
export function Skeleton({
  shape,
  count = COUNTS[shape],
  inset = false,
}: {
  shape: SkeletonShape;
  count?: number;
  /** padded like a page, where nothing around it gives the margins */
  inset?: boolean;
}) {
  const t = useT();
  useEffect(() => {
    skeletonShown.value++;
    return () => {
      skeletonShown.value--;
    };
  }, []);
  return (
    <div className={[styles.skeleton, styles[shape], inset ? styles.inset : ''].join(' ')} role="status" aria-busy="true" data-testid="skeleton">
      <span className="visually-hidden">{t('common:loading')}</span>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={styles.item} aria-hidden="true">
          {ITEMS[shape]}
        </div>
      ))}
    </div>
  );
}
