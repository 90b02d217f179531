import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../../../contract/format';
import { api } from '../../api/client';
import { askToLogIn } from '../../app/login-first';
import { loggedIn } from '../../app/session';
import { language, useT, type Translator } from '../../i18n';
import { cleanAmount } from '../../lib/amount';
import { useSubmit } from '../../lib/useSubmit';
import { ConfirmDialog } from '../../ui/Dialog';
import { Field, Form, PrimaryButton, TextInput } from '../../ui/form';
import { ListFooter } from '../../ui/ListFooter';
import { Sheet } from '../../ui/Sheet';
import { Skeleton } from '../../ui/Skeleton';
import { toast } from '../../ui/toast';
import { bidProblem, type AuctionFigures, type BidProblem, type NftBid, type NftPhase, type NftSale } from './nft';
import styles from './nft.module.css';
import { timeLeft, useMoney } from './parts';

/**
 * An auction's own parts on its sale's screen (spec 3, 5, 9): the figures (current bid,
 * the lowest next bid, increment, deposit, bids, the leader), the bids, and the action:
 * the deposit first (frozen, returned at the end unless the winner does not pay within a
 * day), then a bid of at least the minimum, refused below it here as by the server.
 */

/** The figures under the price: minimum next bid, increment, deposit, bids, leader, the caller's deposit. */
export function AuctionFacts({ sale, figures }: { sale: NftSale; figures: AuctionFigures }) {
  const t = useT();
  const money = useMoney();
  const deposit = sale.my_deposit;
  return (
    <>
      <div className={styles.rows}>
        <div className={styles.row}>
          <span>{t('nft:auction.min_bid')}</span>
          <strong data-testid="nft-min-bid">{money(figures.min_bid, sale.currency)}</strong>
        </div>
        {sale.increment !== null && (
          <div className={styles.row}>
            <span>{t('nft:auction.increment')}</span>
            <strong data-testid="nft-increment">{money(sale.increment, sale.currency)}</strong>
          </div>
        )}
        {sale.deposit !== null && (
          <div className={styles.row}>
            <span>{t('nft:auction.deposit')}</span>
            <strong data-testid="nft-deposit">{money(sale.deposit, sale.currency)}</strong>
          </div>
        )}
        <div className={styles.row}>
          <span>{t('nft:auction.bids')}</span>
          <strong data-testid="nft-bids-count">{figures.bids}</strong>
        </div>
        {figures.leader && (
          <div className={styles.row}>
            <span>{t('nft:auction.leader')}</span>
            <strong data-testid="nft-leader">{figures.leader}</strong>
          </div>
        )}
        {deposit && (
          <div className={styles.row}>
            <span>{t('nft:auction.my_deposit')}</span>
            <strong data-testid="nft-my-deposit">{t(`nft:auction.deposit_status.${deposit.status}`, { amount: money(deposit.amount, sale.currency) })}</strong>
          </div>
        )}
      </div>
      <p className={styles.small}>{t('nft:auction.winner_pays')}</p>
    </>
  );
}

/** The bids, newest first: who (in part, or "You"), how much, when, and which one leads. */
export function BidList({ list, currency }: { list: { items: NftBid[]; more: boolean; loading: boolean; loadMore: () => void }; currency: string }) {
  useSignals();
  const t = useT();
  const lang = language.value;
  const money = useMoney();
  return (
    <section className={styles.panel}>
      <h3 className={styles.sectionTitle}>{t('nft:auction.bid_list')}</h3>
      {list.items.length > 0 && (
        <ul className={styles.list} data-testid="nft-bid-list">
          {list.items.map((bid) => (
            <li key={bid.id} data-testid="nft-bid">
              <span>
                {bid.mine ? t('nft:auction.you') : bid.bidder}
                {bid.leading && <span className={`${styles.badge} ${styles.live} ${styles.mark}`}>{t('nft:auction.leading')}</span>}
              </span>
              <strong>{money(bid.price, currency)}</strong>
              <small>{formatDateTime(bid.created_at, lang)}</small>
            </li>
          ))}
        </ul>
      )}
      {list.items.length === 0 ? list.loading ? <Skeleton shape="record" count={1} /> : <p className={styles.small}>{t('nft:auction.no_bids')}</p> : list.more && <ListFooter {...list} />}
    </section>
  );
}

/**
 * What the caller can do on the auction now: nothing once it ended or is not theirs to
 * bid on; pay the deposit (logged-out users go to log in); wait for the start; bid.
 */
export function AuctionAction({
  sale,
  figures,
  phase,
  now,
  own,
  leading,
  decimals,
  onChanged,
}: {
  sale: NftSale;
  figures: AuctionFigures;
  phase: NftPhase;
  now: number;
  own: boolean;
  leading: boolean;
  decimals: number;
  onChanged: () => void;
}) {
  useSignals();
  const t = useT();
  const money = useMoney();
  const [confirming, setConfirming] = useState(false);
  const [bidding, setBidding] = useState(false);
  const [busy, run] = useSubmit();
  const logged = loggedIn.value;
  const deposit = sale.my_deposit;

  if (sale.status !== 'live' || figures.status !== 'live' || phase === 'ended')
    return (
      <PrimaryButton disabled testId="nft-auction-action">
        {sale.status === 'live' ? t('nft:market.phase.ended') : t(`nft:detail.status.${sale.status}`)}
      </PrimaryButton>
    );
  if (own)
    return (
      <PrimaryButton disabled testId="nft-auction-action">
        {t('nft:detail.own')}
      </PrimaryButton>
    );
  if (!logged || !deposit) {
    const amount = money(sale.deposit ?? '0', sale.currency);
    const pay = () =>
      void run(async () => {
        setConfirming(false);
        const paid = await api('POST /bind_box/marginNFT', { id: sale.id });
        toast(t('nft:auction.deposit_paid', { amount: money(paid.amount, paid.currency) }));
        onChanged();
      });
    return (
      <>
        <PrimaryButton busy={busy} onClick={() => (logged ? setConfirming(true) : askToLogIn())} testId="nft-pay-deposit">
          {t('nft:auction.pay_deposit', { amount })}
        </PrimaryButton>
        <p className={styles.small}>{t('nft:auction.deposit_first')}</p>
        <ConfirmDialog
          open={confirming}
          title={t('nft:auction.deposit_title')}
          message={t('nft:auction.deposit_confirm', { amount })}
          confirmLabel={t('nft:auction.deposit_agree')}
          onCancel={() => setConfirming(false)}
          onConfirm={pay}
        />
      </>
    );
  }
  if (deposit.status !== 'held')
    return (
      <PrimaryButton disabled testId="nft-auction-action">
        {t(`nft:auction.deposit_status.${deposit.status}`, { amount: money(deposit.amount, sale.currency) })}
      </PrimaryButton>
    );
  if (phase === 'upcoming')
    return (
      <PrimaryButton disabled testId="nft-place-bid">
        {t('nft:auction.opens_in', { time: timeLeft(sale.start_at - now, t) })}
      </PrimaryButton>
    );
  if (leading)
    return (
      <PrimaryButton disabled testId="nft-place-bid">
        {t('nft:auction.you_lead')}
      </PrimaryButton>
    );
  return (
    <>
      <PrimaryButton onClick={() => setBidding(true)} testId="nft-place-bid">
        {t('nft:auction.place_bid')}
      </PrimaryButton>
      {bidding && (
        <Sheet open title={t('nft:auction.sheet_title', { name: sale.item.name })} onClose={() => setBidding(false)} testId="nft-bid-sheet">
          <BidForm
            sale={sale}
            figures={figures}
            decimals={decimals}
            onPlaced={() => {
              setBidding(false);
              onChanged();
            }}
          />
        </Sheet>
      )}
    </>
  );
}

function problemText(problem: BidProblem, currency: string, money: (amount: string, currency: string) => string, t: Translator): string {
  if (problem.key === 'bid_low') return t('nft:auction.bid_low', { min: money(problem.min, currency) });
  if (problem.key === 'bid_decimals') return t('nft:auction.bid_decimals', { decimals: problem.decimals });
  return t('nft:auction.bid_invalid');
}

/**
 * The bid: prefilled with the lowest bid accepted now, and raised with it while the user
 * has not typed (another bid came in); refused below it, as the server does.
 */
function BidForm({ sale, figures, decimals, onPlaced }: { sale: NftSale; figures: AuctionFigures; decimals: number; onPlaced: () => void }) {
  const t = useT();
  const money = useMoney();
  const [price, setPrice] = useState(figures.min_bid);
  const [typed, setTyped] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, run] = useSubmit();
  useEffect(() => {
    if (!typed) setPrice(figures.min_bid);
  }, [figures.min_bid, typed]);

  const submit = () => {
    const problem = bidProblem(price, figures.min_bid, decimals);
    if (problem) return setError(problemText(problem, sale.currency, money, t));
    setError(null);
    void run(async () => {
      const answer = await api('POST /bind_box/auctionNFT', { code: sale.item.code, price });
      toast(t('nft:auction.placed', { price: money(answer.current_bid ?? price, sale.currency) }));
      onPlaced();
    });
  };

  return (
    <Form onSubmit={submit}>
      <div className={styles.rows}>
        <div className={styles.row}>
          <span>{t(figures.current_bid === null ? 'nft:auction.start_price' : 'nft:auction.current_bid')}</span>
          <strong data-testid="nft-sheet-current">{money(figures.current_bid ?? sale.price, sale.currency)}</strong>
        </div>
        <div className={styles.row}>
          <span>{t('nft:auction.min_bid')}</span>
          <strong data-testid="nft-sheet-min">{money(figures.min_bid, sale.currency)}</strong>
        </div>
      </div>
      <Field label={t('nft:auction.your_bid', { currency: sale.currency })} error={error} hint={t('nft:auction.min_hint', { min: money(figures.min_bid, sale.currency) })}>
        <TextInput
          name="price"
          inputMode="decimal"
          value={price}
          onValue={(value) => {
            setError(null);
            setTyped(true);
            setPrice(cleanAmount(value, decimals));
          }}
          data-testid="nft-bid-price"
        />
      </Field>
      <p className={styles.small}>{t('nft:auction.extends')}</p>
      <PrimaryButton type="submit" busy={busy} testId="nft-bid-confirm">
        {t('nft:auction.confirm_bid')}
      </PrimaryButton>
    </Form>
  );
}
