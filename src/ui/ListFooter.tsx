import { useT } from '../i18n';
import styles from './ListFooter.module.css';
import { Skeleton, type SkeletonShape } from './Skeleton';

/**
 * The end of a paged list: rows of skeleton (shaped as `skeleton`) while the first page
 * loads, "no records" when empty, "load more" while there is more, "no more data" at the end.
 */
export function ListFooter({ items, more, loading, loadMore, skeleton = 'record' }: { items: readonly unknown[]; more: boolean; loading: boolean; loadMore: () => void; skeleton?: SkeletonShape }) {
  const t = useT();
  if (items.length === 0 && loading) return <Skeleton shape={skeleton} />;
  if (items.length === 0) return <p className={styles.empty}>{t('common:list.empty')}</p>;
  if (!more) return <p className={styles.empty}>{t('common:list.end')}</p>;
  return (
    <button type="button" className={styles.more} onClick={loadMore} disabled={loading}>
      {t('common:list.more')}
    </button>
  );
}
