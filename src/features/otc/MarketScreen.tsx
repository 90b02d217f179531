import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { FiatCurrency } from '../../../contract/fiat';
import { fiat as chosenFiat } from '../../app/fiat';
import { askToLogIn } from '../../app/login-first';
import { loggedIn } from '../../app/session';
import { useT } from '../../i18n';
import { usePaged } from '../../lib/usePaged';
import entries from '../../ui/entries.module.css';
import { ListFooter } from '../../ui/ListFooter';
import { Screen } from '../../ui/Screen';
import type { OtcAd, OtcCoin, OtcSide } from './otc';
import { AdCard } from './AdCard';
import { CoinChips, FiatPicker, SideSwitch, useOtcCoins, useReadiness } from './parts';
import { TakeSheet } from './TakeSheet';
import styles from './otc.module.css';

/**
 * otc/otc: the P2P market. The user says what they want (buy or sell), the coin and the
 * fiat (their chosen one to begin with); the advertisements on the other side are listed
 * best price first, each with its advertiser's record, limits, what is left and how it is
 * paid; "Buy" or "Sell" opens the order sheet.
 */
export function OtcMarketScreen() {
  useSignals();
  const t = useT();
  const [side, setSide] = useState<OtcSide>('buy');
  const [coin, setCoin] = useState<OtcCoin>('USDT');
  const [fiat, setFiat] = useState<FiatCurrency>(chosenFiat.value);
  const known = useOtcCoins()[coin];
  return (
    <Screen
      title={t('otc:title')}
      right={
        <Link to="/pages/otc/mine" search={{ tab: 'open' }} className={styles.navLink} data-testid="otc-mine-link">
          {t('otc:mine.short')}
        </Link>
      }
    >
      <div className={styles.page}>
        <div className={entries.entries}>
          <Link to="/pages/otc/quick" className={entries.entry} data-testid="otc-quick-link">
            {t('otc:quick.title')}
          </Link>
          <Link to="/pages/otc/mine" search={{ tab: 'post' }} className={entries.entry} data-testid="otc-post-link">
            {t('otc:post.title')}
          </Link>
        </div>
        <SideSwitch value={side} onChange={setSide} />
        <div className={styles.filters}>
          <CoinChips value={coin} onChange={setCoin} />
          <FiatPicker value={fiat} onChange={setFiat} />
        </div>
        {known ? <AdList key={`${side}-${known.id}-${fiat}`} side={side} currencyId={known.id} fiat={fiat} /> : <ListFooter items={[]} more loading loadMore={() => undefined} skeleton="card" />}
      </div>
    </Screen>
  );
}

function AdList({ side, currencyId, fiat }: { side: OtcSide; currencyId: number; fiat: FiatCurrency }) {
  const t = useT();
  const list = usePaged('GET /otc/ads', { side, currency_id: currencyId, fiat });
  const readiness = useReadiness();
  const [taking, setTaking] = useState<OtcAd | null>(null);
  return (
    <>
      {list.items.map((ad) => (
        <AdCard
          key={ad.id}
          ad={ad}
          side={side}
          onTake={() => {
            if (!loggedIn.value) askToLogIn();
            else setTaking(ad);
          }}
        />
      ))}
      {!list.loading && list.items.length === 0 ? <p className={styles.empty}>{t(side === 'buy' ? 'otc:market.none_buy' : 'otc:market.none_sell')}</p> : <ListFooter {...list} skeleton="card" />}
      {taking && <TakeSheet ad={taking} side={side} readiness={readiness} onClose={() => setTaking(null)} />}
    </>
  );
}
