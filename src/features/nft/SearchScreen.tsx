import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n';
import { usePaged } from '../../lib/usePaged';
import { Segmented } from '../../ui/form';
import { ListFooter } from '../../ui/ListFooter';
import { Screen } from '../../ui/Screen';
import { ArtistList } from './ArtistScreens';
import styles from './nft.module.css';
import { CollectionChip, SaleGrid, useNow } from './parts';

import { SEARCH_TABS, type SearchTab } from './search';

/** The most a keyword may be (contract/api/nft.ts Keyword). */
const KEYWORD_MAX = 40;
/** Typing settles this long before the lists ask again. */
const SETTLE_MS = 350;

/**
 * A search box whose keyword settles into the address (so Back comes back to the same
 * results): `onKeyword` once typing has paused.
 */
export function KeywordField({ keyword, placeholder, onKeyword }: { keyword: string; placeholder: string; onKeyword: (keyword: string) => void }) {
  const [typed, setTyped] = useState(keyword);
  // The screen re-renders every second (its countdowns): the latest callback, without restarting the wait.
  const latest = useRef(onKeyword);
  latest.current = onKeyword;
  useEffect(() => {
    const wanted = typed.trim();
    if (wanted === keyword) return undefined;
    const timer = setTimeout(() => latest.current(wanted), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [typed, keyword]);
  return (
    <div className={styles.searchBar}>
      <input
        className={styles.searchInput}
        type="search"
        enterKeyHint="search"
        maxLength={KEYWORD_MAX}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        placeholder={placeholder}
        aria-label={placeholder}
        data-testid="nft-keyword"
      />
    </div>
  );
}

/**
 * nft/components/search: one keyword over what is on sale (artworks and blind boxes by
 * name), artists and collections (?keyword=, ?tab=); an empty keyword browses them all.
 */
export function SearchScreen({ keyword, tab }: { keyword: string; tab: SearchTab }) {
  const t = useT();
  const navigate = useNavigate();
  const now = useNow();
  const go = (next: { keyword?: string; tab?: SearchTab }) => {
    const wanted = { keyword: next.keyword ?? keyword, tab: next.tab ?? tab };
    void navigate({ to: '/pages/nft/components/search', search: { ...(wanted.keyword ? { keyword: wanted.keyword } : {}), ...(wanted.tab === 'sales' ? {} : { tab: wanted.tab }) }, replace: true });
  };
  return (
    <Screen title={t('nft:search.title')}>
      <div className={styles.page}>
        <KeywordField keyword={keyword} placeholder={t('nft:search.placeholder')} onKeyword={(next) => go({ keyword: next })} />
        <div className={styles.tabs}>
          <Segmented options={SEARCH_TABS.map((value) => ({ value, label: t(`nft:search.tabs.${value}`) }))} value={tab} onChange={(next) => go({ tab: next })} />
        </div>
        {tab === 'sales' && <SaleGrid key={keyword} query={keyword ? { keyword } : {}} now={now} empty={t('nft:search.no_sales')} />}
        {tab === 'artists' && <ArtistList key={keyword} keyword={keyword} />}
        {tab === 'collections' && <CollectionList key={keyword} keyword={keyword} />}
      </div>
    </Screen>
  );
}

function CollectionList({ keyword }: { keyword: string }) {
  const t = useT();
  const list = usePaged('GET /bind_box/getCollection', keyword ? { keyword } : {});
  return (
    <>
      {list.items.length > 0 && (
        <div className={styles.grid} data-testid="nft-collections">
          {list.items.map((collection) => (
            <CollectionChip key={collection.id} collection={collection} wide />
          ))}
        </div>
      )}
      {!list.loading && list.items.length === 0 ? <p className={styles.empty}>{t('nft:search.no_collections')}</p> : <ListFooter {...list} skeleton="card" />}
    </>
  );
}
