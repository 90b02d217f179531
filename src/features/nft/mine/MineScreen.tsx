import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../../api/client';
import { useT } from '../../../i18n';
import { Screen } from '../../../ui/Screen';
import { BidsTab, FavouritesTab, MessagesTab } from './Activity';
import { ArtworksTab, BoxesTab } from './Collection';
import styles from './mine.module.css';
import { MINE_TABS, type MineTab } from './nft';
import { OrdersTab } from './Orders';
import { useNftCurrency } from './parts';
import { useMine } from './useMine';

/**
 * nft/mine: the signed-in user's side of the marketplace (spec 3 "NFT"): the artworks
 * they own and the blind boxes they bought (to open), their bids, orders (an auction won
 * to pay), favourites and messages (the number unread on its tab). The tab is in the
 * address (?tab=), so a message can lead to the orders and Back returns to it.
 */
export function MineScreen({ tab }: { tab: MineTab }) {
  const t = useT();
  const navigate = useNavigate();
  const mine = useMine();
  const currency = useNftCurrency();
  const [unread, setUnread] = useState<number | null>(null);
  useEffect(() => {
    void api('GET /bind_box/getNFTMessages', { limit: 1 }, { silent: true }).then(
      (answer) => setUnread(answer.unread),
      () => undefined,
    );
  }, []);
  const toOpen = mine.boxes?.filter((box) => box.opened_at === null).length ?? 0;
  const tabs = useRef<HTMLDivElement>(null);
  // The chosen tab in view (again once its count has come): the row scrolls sideways on a phone, and a message can lead to a tab past its edge.
  useEffect(() => {
    tabs.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab, unread, toOpen]);
  const choose = (next: MineTab) => void navigate({ to: '/pages/nft/mine', search: { tab: next }, replace: true });

  return (
    <Screen title={t('nft:mine.title')}>
      <div className={styles.page} style={{ paddingBottom: 0 }}>
        <p className={styles.held} data-testid="nft-held">
          <span className={styles.heldMark} aria-hidden="true" />
          {t('nft:mine.held')}
        </p>
      </div>
      <div className={styles.tabs} role="tablist" ref={tabs}>
        {MINE_TABS.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            className={`${styles.tab} ${tab === key ? styles.tabOn : ''}`}
            onClick={() => choose(key)}
            data-testid={`nft-tab-${key}`}
          >
            {t(`nft:mine.tabs.${key}`)}
            {key === 'boxes' && toOpen > 0 && <Count count={toOpen} label={t('nft:mine.boxes.to_open', { count: toOpen })} testId="nft-to-open" />}
            {key === 'messages' && unread !== null && unread > 0 && <Count count={unread} label={t('nft:mine.messages.unread_count', { count: unread })} testId="nft-unread" />}
          </button>
        ))}
      </div>
      <div className={styles.page} role="tabpanel">
        {tab === 'artworks' && <ArtworksTab mine={mine} />}
        {tab === 'boxes' && <BoxesTab mine={mine} />}
        {tab === 'bids' && <BidsTab currency={currency?.code ?? ''} />}
        {tab === 'orders' && <OrdersTab boxes={mine.boxes ?? []} onPaid={mine.reload} />}
        {tab === 'favourites' && <FavouritesTab />}
        {tab === 'messages' && <MessagesTab onUnread={setUnread} />}
      </div>
    </Screen>
  );
}

/** A number on a tab, read out as what it counts. */
function Count({ count, label, testId }: { count: number; label: string; testId: string }) {
  return (
    <>
      <span className={styles.count} aria-hidden="true" data-testid={testId}>
        {count > 99 ? '99+' : count}
      </span>
      <span className="visually-hidden">{label}</span>
    </>
  );
}
