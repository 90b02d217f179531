import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import type { ApiOutput } from '../../../contract/api';
import { api } from '../../api/client';
import { navigate } from '../../app/navigation';
import { useTickers } from '../../core/hooks';
import { markets, quoteOf, type Quote } from '../../core/store';
import { useT } from '../../i18n';
import { TextInput } from '../../ui/form';
import { SearchIcon } from '../../ui/icons';
import { Screen } from '../../ui/Screen';
import { ChangeText, PriceCell } from './cells';
import { clearRecentMarkets, recentMarkets, rememberMarket } from './recent';
import styles from './search.module.css';

/**
 * Market search (spec 2): by symbol or name as you type; hot search from what people
 * actually looked at (or the busiest markets until anyone has); this device's recent views.
 */
export function SearchScreen() {
  useSignals();
  const t = useT();
  useTickers();
  const [query, setQuery] = useState('');
  const [hot, setHot] = useState<ApiOutput<'GET /market/hot'> | null>(null);

  useEffect(() => {
    api('GET /market/hot', {}, { silent: true })
      .then(setHot)
      .catch(() => setHot([]));
  }, []);

  const all = markets.value.map((info) => quoteOf(info.id)).filter((quote): quote is Quote => quote !== undefined);
  const needle = query.trim().toUpperCase().replace('/', '');
  const results = needle ? all.filter((q) => q.info.base.startsWith(needle) || q.info.symbol.replace('/', '').startsWith(needle) || q.info.name.toUpperCase().includes(needle)) : [];

  const open = (quote: Quote, source: 'search' | 'detail') => {
    rememberMarket(quote.info.id);
    if (source === 'search') void api('POST /market/view', { market_id: quote.info.id, source: 'search' }, { silent: true }).catch(() => undefined);
    navigate(`/pages/market/detail`, { symbol: quote.info.symbol.replace('/', '') });
  };

  const hotQuotes: Quote[] =
    hot && hot.length > 0
      ? hot.map((entry) => quoteOf(entry.market_id)).filter((quote): quote is Quote => quote !== undefined)
      : [...all].sort((a, b) => b.amount.peek() - a.amount.peek()).slice(0, 8);
  const recent = recentMarkets.value.map((id) => quoteOf(id)).filter((quote): quote is Quote => quote !== undefined);

  const row = (quote: Quote, source: 'search' | 'detail') => (
    <button key={quote.info.id} type="button" className={styles.result} onClick={() => open(quote, source)} data-testid={`result-${quote.info.symbol}`}>
      <span className={styles.resultName}>
        <strong>{quote.info.base}</strong>
        <span className={styles.dim}>/{quote.info.quote}</span>
        <span className={styles.fullName}>{quote.info.name}</span>
      </span>
      <PriceCell quote={quote} />
      <ChangeText quote={quote} />
    </button>
  );

  return (
    <Screen title={t('market:search')}>
      <div className={styles.search}>
        <SearchIcon size={18} />
        <TextInput type="search" autoFocus placeholder={t('market:search_placeholder')} value={query} onValue={setQuery} aria-label={t('market:search')} data-testid="search-input" />
      </div>
      {needle ? (
        <section>{results.length === 0 ? <p className={styles.empty}>{t('market:no_results')}</p> : results.map((quote) => row(quote, 'search'))}</section>
      ) : (
        <>
          {recent.length > 0 && (
            <section className={styles.section}>
              <h2 className={styles.heading}>
                {t('market:recent')}
                <button type="button" className={styles.clear} onClick={clearRecentMarkets}>
                  {t('market:clear')}
                </button>
              </h2>
              <div className={styles.chips}>
                {recent.map((quote) => (
                  <button key={quote.info.id} type="button" className={styles.chip} onClick={() => open(quote, 'detail')}>
                    {quote.info.base}
                  </button>
                ))}
              </div>
            </section>
          )}
          <section className={styles.section}>
            <h2 className={styles.heading}>{hot && hot.length > 0 ? t('market:hot') : t('market:top_volume')}</h2>
            {hotQuotes.map((quote) => row(quote, 'search'))}
          </section>
        </>
      )}
    </Screen>
  );
}
