import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { navigate } from '../../app/navigation';
import { loggedIn } from '../../app/session';
import { useTickers } from '../../core/hooks';
import { markets, quoteOf, type Quote } from '../../core/store';
import { useT } from '../../i18n';
import { PrimaryButton } from '../../ui/form';
import { SearchIcon } from '../../ui/icons';
import { Screen } from '../../ui/Screen';
import { Skeleton } from '../../ui/Skeleton';
import { ConnectionBanner } from './ConnectionBanner';
import { favourites, loadFavourites } from './favourites';
import { MarketList } from './MarketList';
import styles from './market.module.css';
import { lastTab, TABS, type MarketTab } from './tabs';

type SortKey = 'volume' | 'price' | 'change';
interface Sort {
  key: SortKey;
  descending: boolean;
}

function listFor(tab: MarketTab, favouriteIds: ReadonlySet<number>): Quote[] {
  const quotes = markets.value.map((info) => quoteOf(info.id)).filter((quote): quote is Quote => quote !== undefined);
  switch (tab) {
    case 'favourites':
      return quotes.filter((quote) => favouriteIds.has(quote.info.currencyId));
    case 'futures':
      return quotes.filter((quote) => quote.info.contract);
    case 'coins':
      return quotes.filter((quote) => quote.info.kind === 'crypto');
    case 'stock':
      return quotes.filter((quote) => quote.info.kind === 'stock');
  }
}

/** Sorted once, when asked: rows do not jump around while prices move. */
function sorted(quotes: Quote[], sort: Sort | null): Quote[] {
  if (!sort) return quotes;
  const value = (quote: Quote) => (sort.key === 'volume' ? quote.amount.peek() : sort.key === 'price' ? quote.last.peek() : quote.change.peek());
  return [...quotes].sort((a, b) => (sort.descending ? value(b) - value(a) : value(a) - value(b)));
}

/** The market tab (spec 2): favourites, futures, coins and stock, each a live list. */
export function MarketScreen() {
  useSignals();
  const t = useT();
  useTickers();
  useEffect(loadFavourites, []);
  const tab = lastTab.value;
  const [sort, setSort] = useState<Sort | null>(null);
  const quotes = sorted(listFor(tab, favourites.value), sort);

  const sortBy = (key: SortKey) => setSort((current) => (current?.key !== key ? { key, descending: true } : current.descending ? { key, descending: false } : null));
  const arrow = (key: SortKey) => (sort?.key === key ? (sort.descending ? ' ↓' : ' ↑') : '');

  const empty =
    tab === 'favourites' ? (
      <div className={styles.empty}>
        {loggedIn.value ? (
          t('market:favourites_empty')
        ) : (
          <>
            {t('market:favourites_login')}
            <PrimaryButton onClick={() => navigate('/pages/common/login', { redirect: '/pages/market/market' })}>{t('common:home.login')}</PrimaryButton>
          </>
        )}
      </div>
    ) : markets.value.length === 0 ? (
      <Skeleton shape="quote" />
    ) : null;

  return (
    <Screen nav={false} tab>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('market:title')}</h1>
        <Link to="/pages/market/search" className={styles.iconButton} aria-label={t('market:search')} data-testid="open-search">
          <SearchIcon />
        </Link>
      </header>
      <nav className={styles.tabs} role="tablist">
        {TABS.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={key === tab}
            className={`${styles.tab} ${key === tab ? styles.tabOn : ''}`}
            onClick={() => {
              lastTab.value = key;
              setSort(null);
            }}
            data-testid={`market-tab-${key}`}
          >
            {t(`market:tabs.${key}`)}
          </button>
        ))}
      </nav>
      <ConnectionBanner />
      <div className={styles.columns}>
        <button type="button" onClick={() => sortBy('volume')} className={sort?.key === 'volume' ? styles.sorted : ''}>
          {t('market:columns.name')} / {t('market:columns.volume')}
          {arrow('volume')}
        </button>
        <button type="button" onClick={() => sortBy('price')} className={sort?.key === 'price' ? styles.sorted : ''}>
          {t('market:columns.price')}
          {arrow('price')}
        </button>
        <button type="button" onClick={() => sortBy('change')} className={sort?.key === 'change' ? styles.sorted : ''}>
          {t('market:columns.change')}
          {arrow('change')}
        </button>
      </div>
      <MarketList key={tab} quotes={quotes} contract={tab === 'futures'} empty={empty} />
    </Screen>
  );
}
