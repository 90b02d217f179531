import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { formatDateTime } from '../../../../contract/format';
import { api } from '../../../api/client';
import { formatAgo, language, useT } from '../../../i18n';
import { usePaged } from '../../../lib/usePaged';
import { ListFooter } from '../../../ui/ListFooter';
import styles from './mine.module.css';
import { listingTarget, messageTarget, type NftMessage } from './nft';
import { ArtworkTile, NftLink, useAmount } from './parts';
import { navigate } from '../../../app/navigation';

/** The user's bids, newest first: the artwork, the bid, and whether it still leads. */
export function BidsTab({ currency }: { currency: string }) {
  useSignals();
  const t = useT();
  const lang = language.value;
  const amount = useAmount();
  const list = usePaged('POST /bind_box/getMyBindBoxQuotationLog', {});
  return (
    <>
      <div className={styles.list}>
        {list.items.map((bid) => (
          <NftLink key={bid.id} to={listingTarget({ mode: 'auction', id: bid.sale_id })} className={styles.card} testId="nft-bid">
            <div className={styles.head}>
              <span className={styles.headText}>
                <span className={styles.name}>{bid.item_name}</span>
                <span className={styles.sub}>{bid.item_code}</span>
              </span>
              <span className={`${styles.badge} ${bid.leading ? styles.good : styles.muted}`} data-testid="nft-bid-state">
                {t(bid.leading ? 'nft:mine.bids.leading' : 'nft:mine.bids.outbid')}
              </span>
            </div>
            <div className={styles.rows}>
              <div className={styles.row}>
                <span>{t('nft:mine.bids.mine')}</span>
                <strong data-testid="nft-bid-price">{amount(bid.price, currency)}</strong>
              </div>
              <div className={styles.row}>
                <span>{t('nft:mine.bids.at')}</span>
                <strong>{formatDateTime(bid.created_at, lang)}</strong>
              </div>
            </div>
          </NftLink>
        ))}
      </div>
      {!list.loading && list.items.length === 0 ? <p className={styles.empty}>{t('nft:mine.bids.none')}</p> : <ListFooter {...list} skeleton="record" />}
    </>
  );
}

/** The artworks the user has favourited: each opens its sale, or its own page. */
export function FavouritesTab() {
  const t = useT();
  const list = usePaged('GET /bind_box/getCollected', {});
  return (
    <>
      {list.items.length > 0 && (
        <div className={styles.grid} data-testid="nft-favourites">
          {list.items.map((item) => (
            <ArtworkTile key={item.id} item={item} own={false} />
          ))}
        </div>
      )}
      {!list.loading && list.items.length === 0 ? <p className={styles.empty}>{t('nft:mine.favourites.none')}</p> : <ListFooter {...list} skeleton="card" />}
    </>
  );
}

/**
 * The user's NFT messages, newest first, the unread marked: a tap marks one read and
 * opens what it is about (the orders, the auction, the sale).
 */
export function MessagesTab({ onUnread }: { onUnread: (unread: number) => void }) {
  useSignals();
  const t = useT();
  const list = usePaged('GET /bind_box/getNFTMessages', {});
  const [read, setRead] = useState<ReadonlySet<number>>(new Set());
  const open = async (message: NftMessage) => {
    if (!message.read && !read.has(message.id)) {
      setRead((current) => new Set(current).add(message.id));
      const answer = await api('POST /bind_box/readNFTOrderMessage', { id: message.id }, { silent: true }).catch(() => null);
      if (answer) onUnread(answer.unread);
    }
    const target = messageTarget(message);
    if (target) navigate(target.path, target.search);
  };
  return (
    <>
      <div className={styles.list}>
        {list.items.map((message) => {
          const unread = !message.read && !read.has(message.id);
          return (
            <button key={message.id} type="button" className={styles.message} onClick={() => void open(message)} data-testid="nft-message" data-unread={unread}>
              <span className={unread ? styles.unread : styles.read} aria-label={unread ? t('nft:mine.messages.unread') : undefined} />
              {message.item?.cover ? <img className={styles.thumb} src={message.item.cover} alt="" /> : null}
              <span className={styles.messageText}>
                <MessageText message={message} />
                <span className={styles.sub}>{formatAgo(message.created_at, Date.now())}</span>
              </span>
            </button>
          );
        })}
      </div>
      {!list.loading && list.items.length === 0 ? <p className={styles.empty}>{t('nft:mine.messages.none')}</p> : <ListFooter {...list} skeleton="record" />}
    </>
  );
}

function MessageText({ message }: { message: NftMessage }) {
  const t = useT();
  const amount = useAmount();
  const values = { name: message.item?.name ?? t('nft:mine.messages.an_artwork'), amount: message.amount === null ? '' : amount(message.amount, message.currency) };
  const key = message.kind === 'expired' && message.amount === null ? 'expired_plain' : message.kind;
  return <span>{t(`nft:mine.messages.kinds.${key}`, values)}</span>;
}
