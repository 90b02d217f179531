import { useT } from '../i18n';
import styles from './ListFooter.module.css';

/** The end of a paged list: "no records" when empty, "load more" while there is more, "no more data" at the end. */
export function ListFooter({ items, more, loading, loadMore }: { items: readonly unknown[]; more: boolean; loading: boolean; loadMore: () => void }) {
  const t = useT();
  if (items.length === 0 && !loading) return <p className={styles.empty}>{t('common:list.empty')}</p>;
  if (!more) return items.length > 0 ? <p className={styles.empty}>{t('common:list.end')}</p> : null;
  return (
    <button type="button" className={styles.more} onClick={loadMore} disabled={loading}>
      {t('common:list.more')}
    </button>
  );
}
