import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { ApiOutput } from '../../../../contract/api';
import { formatDateTime } from '../../../../contract/format';
import { Money, parseAmount } from '../../../../contract/money';
import { api } from '../../../api/client';
import { language, useT } from '../../../i18n';
import { cleanAmount } from '../../../lib/amount';
import { useLoad } from '../../../lib/useLoad';
import { useSubmit } from '../../../lib/useSubmit';
import { ConfirmDialog } from '../../../ui/Dialog';
import { Field, Form, PrimaryButton, TextInput } from '../../../ui/form';
import { Screen } from '../../../ui/Screen';
import { Skeleton } from '../../../ui/Skeleton';
import { percent } from '../../finance/format';
import styles from './mine.module.css';
import { listingTarget, type NftCurrency, type NftItem } from './nft';
import { Cover, NftLink, Rarity, useAmount, useMe, useNftCurrency } from './parts';
import { fromLocalInput, resaleProblems, resaleProceeds, toLocalInput, type ResaleField, type ResaleMode, type ResaleProblem } from './resale';

type Sale = ApiOutput<'POST /bind_box/resellNFT'>;
const DAY = 24 * 3_600_000;

/**
 * nft/resell?code=: offering one of the user's artworks again (spec 4: irreversible once
 * confirmed), at a fixed price or by auction, between a start and an end; what the
 * seller would receive is shown before confirming. After it: waiting for review, or live.
 */
export function ResellScreen({ code }: { code: string }) {
  const t = useT();
  const { data, failed } = useLoad(() => (code ? api('GET /bind_box/getItem', { code }) : Promise.reject(new Error('no code'))), [code]);
  const currency = useNftCurrency();
  const me = useMe();
  const [sale, setSale] = useState<Sale | null>(null);
  const item = data?.item;
  let body;
  if (sale) body = <Offered sale={sale} />;
  else if (failed) body = <p className={styles.empty}>{t('nft:mine.item.not_found')}</p>;
  else if (!item || !currency || !me) body = <Skeleton shape="card" count={1} />;
  else if (item.owner.uid !== me.uid) body = <p className={styles.warning}>{t('nft:mine.resell.not_yours')}</p>;
  else if (item.listing)
    body = (
      <>
        <p className={styles.warning}>{t('nft:mine.resell.listed')}</p>
        <NftLink to={listingTarget(item.listing)} className={styles.link}>
          {t(item.listing.mode === 'box' ? 'nft:mine.item.view_box' : 'nft:mine.item.view_sale')}
        </NftLink>
      </>
    );
  else body = <ResellForm item={item} currency={currency} creator={item.creator.uid === me.uid} onSold={setSale} />;
  return (
    <Screen title={t('nft:mine.resell.title')}>
      <div className={styles.page}>
        {item && !sale && <ItemHead item={item} />}
        {body}
      </div>
    </Screen>
  );
}

function ItemHead({ item }: { item: NftItem }) {
  return (
    <div className={styles.head}>
      <div className={styles.thumb} style={{ width: 64, height: 64, overflow: 'hidden' }}>
        <Cover src={item.cover} />
      </div>
      <span className={styles.headText}>
        <span className={styles.name}>{item.name}</span>
        <span className={styles.sub}>{item.code}</span>
      </span>
      <Rarity rarity={item.rarity} />
    </div>
  );
}

function ResellForm({ item, currency, creator, onSold }: { item: NftItem; currency: NftCurrency; creator: boolean; onSold: (sale: Sale) => void }) {
  useSignals();
  const t = useT();
  const lang = language.value;
  const amount = useAmount();
  const [mode, setMode] = useState<ResaleMode>('normal');
  const [price, setPrice] = useState('');
  const [increment, setIncrement] = useState('');
  const [deposit, setDeposit] = useState('');
  const [opened] = useState(Date.now);
  const [start, setStart] = useState(() => toLocalInput(opened));
  const [end, setEnd] = useState(() => toLocalInput(opened + DAY));
  const [errors, setErrors] = useState<Partial<Record<ResaleField, string>>>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, run] = useSubmit();
  const decimals = currency.precision;
  const code = currency.code;
  const draft = { mode, price, increment, deposit, start: fromLocalInput(start), end: fromLocalInput(end) };
  const priceValue = parseAmount(price, decimals);
  const proceeds = priceValue ? resaleProceeds(priceValue, currency, creator) : null;

  const check = (): boolean => {
    const found = resaleProblems(draft, decimals, Date.now());
    const next: Partial<Record<ResaleField, string>> = {};
    for (const [field, problem] of Object.entries(found) as [ResaleField, ResaleProblem][]) next[field] = t(`nft:mine.resell.errors.${problem}`, { decimals });
    setErrors(next);
    return Object.keys(next).length === 0;
  };
  const edit = (field: ResaleField, set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors((current) => ({ ...current, [field]: undefined, ...(field === 'start' ? { end: undefined } : {}) }));
  };
  const money = (field: ResaleField, set: (value: string) => void) => edit(field, (value) => set(cleanAmount(value, decimals)));

  const send = () =>
    void run(async () => {
      setConfirming(false);
      if (!check() || draft.start === null || draft.end === null) return;
      const sale = await api('POST /bind_box/resellNFT', {
        item_id: item.id,
        mode,
        price,
        ...(mode === 'auction' ? { increment, deposit } : {}),
        start_at: draft.start,
        end_at: draft.end,
        confirm: 1,
      });
      onSold(sale);
    });

  const cut = (value: Money) => `−${amount(value.toFixed(), code)}`;
  return (
    <>
      <section className={styles.formCard}>
        <Form onSubmit={() => check() && setConfirming(true)}>
          <div className={styles.modes} role="radiogroup" aria-label={t('nft:mine.resell.mode')}>
            {(['normal', 'auction'] as const).map((key) => (
              <button
                key={key}
                type="button"
                role="radio"
                aria-checked={mode === key}
                className={`${styles.mode} ${mode === key ? styles.modeOn : ''}`}
                onClick={() => setMode(key)}
                data-testid={`nft-resell-mode-${key}`}
              >
                {t(`nft:market.kind.${key}`)}
              </button>
            ))}
          </div>
          <Field label={t(mode === 'auction' ? 'nft:mine.resell.start_price' : 'nft:mine.resell.price')} error={errors.price}>
            <TextInput name="price" inputMode="decimal" value={price} onValue={money('price', setPrice)} placeholder={t('nft:mine.resell.amount_placeholder', { decimals })} />
            <span className={styles.unit}>{code}</span>
          </Field>
          {mode === 'auction' && (
            <>
              <Field label={t('nft:mine.resell.increment')} error={errors.increment} hint={t('nft:mine.resell.increment_hint')}>
                <TextInput name="increment" inputMode="decimal" value={increment} onValue={money('increment', setIncrement)} placeholder={t('nft:mine.resell.amount_placeholder', { decimals })} />
                <span className={styles.unit}>{code}</span>
              </Field>
              <Field label={t('nft:mine.resell.deposit')} error={errors.deposit} hint={t('nft:mine.resell.deposit_hint')}>
                <TextInput name="deposit" inputMode="decimal" value={deposit} onValue={money('deposit', setDeposit)} placeholder={t('nft:mine.resell.amount_placeholder', { decimals })} />
                <span className={styles.unit}>{code}</span>
              </Field>
            </>
          )}
          <Field label={t('nft:mine.resell.start')} error={errors.start}>
            <TextInput name="start" type="datetime-local" value={start} onValue={edit('start', setStart)} />
          </Field>
          <Field label={t('nft:mine.resell.end')} error={errors.end}>
            <TextInput name="end" type="datetime-local" value={end} min={start} onValue={edit('end', setEnd)} />
          </Field>
          <div className={styles.proceeds} data-testid="nft-proceeds">
            <div className={styles.row}>
              <span>{t(mode === 'auction' ? 'nft:mine.resell.start_price' : 'nft:mine.resell.price')}</span>
              <strong>{priceValue ? amount(priceValue.toFixed(), code) : '--'}</strong>
            </div>
            <div className={styles.row}>
              <span>{t('nft:mine.resell.fee', { rate: percent(currency.fee_rate, lang) })}</span>
              <strong data-testid="nft-proceeds-fee">{proceeds ? cut(proceeds.fee) : '--'}</strong>
            </div>
            <div className={styles.row}>
              <span>{creator ? t('nft:mine.resell.no_royalty') : t('nft:mine.resell.royalty', { rate: percent(currency.royalty_rate, lang) })}</span>
              <strong data-testid="nft-proceeds-royalty">{proceeds ? (creator ? amount('0', code) : cut(proceeds.royalty)) : '--'}</strong>
            </div>
            <div className={`${styles.row} ${styles.total}`}>
              <span>{t('nft:mine.resell.receive')}</span>
              <strong data-testid="nft-proceeds-receive">{proceeds ? amount(proceeds.receive.toFixed(), code) : '--'}</strong>
            </div>
            {mode === 'auction' && <p className={styles.small}>{t('nft:mine.resell.auction_note')}</p>}
          </div>
          <p className={styles.small}>{t('nft:mine.resell.review_note')}</p>
          <p className={styles.warning}>{t('nft:mine.resell.irreversible')}</p>
          <PrimaryButton type="submit" busy={busy} testId="nft-resell-submit">
            {t('nft:mine.resell.submit')}
          </PrimaryButton>
        </Form>
      </section>
      <ConfirmDialog
        open={confirming}
        title={t('nft:mine.resell.confirm_title')}
        message={
          <span data-testid="nft-resell-confirm">
            {t(mode === 'auction' ? 'nft:mine.resell.confirm_auction' : 'nft:mine.resell.confirm_normal', {
              name: item.name,
              price: amount(price, code),
              increment: amount(increment, code),
              deposit: amount(deposit, code),
              start: draft.start === null ? '' : formatDateTime(draft.start, lang),
              end: draft.end === null ? '' : formatDateTime(draft.end, lang),
              receive: proceeds ? amount(proceeds.receive.toFixed(), code) : '',
            })}
            <br />
            <strong>{t('nft:mine.resell.confirm_irreversible')}</strong>
          </span>
        }
        confirmLabel={t('nft:mine.resell.confirm')}
        onCancel={() => setConfirming(false)}
        onConfirm={send}
      />
    </>
  );
}

/** What became of the offer: waiting for customer service's review, or live (from its start). */
function Offered({ sale }: { sale: Sale }) {
  useSignals();
  const t = useT();
  const lang = language.value;
  const review = sale.status === 'review';
  return (
    <div className={styles.result} data-testid="nft-resell-result" data-status={sale.status}>
      <span className={`${styles.badge} ${review ? styles.waiting : styles.good}`}>{t(review ? 'nft:mine.resell.status_review' : 'nft:mine.resell.status_live')}</span>
      <h2 className={styles.resultTitle}>{sale.item.name}</h2>
      <p className={styles.note}>
        {review
          ? t('nft:mine.resell.review_text')
          : sale.phase === 'upcoming'
            ? t('nft:mine.item.upcoming', { time: formatDateTime(sale.start_at, lang) })
            : t('nft:mine.item.on_sale', { time: formatDateTime(sale.end_at, lang) })}
      </p>
      <Link to="/pages/nft/myNft" search={{ code: sale.item.code }} className={styles.primary} style={{ width: '100%' }} data-testid="nft-resell-view">
        {t('nft:mine.reveal.view')}
      </Link>
      <Link to="/pages/nft/mine" search={{ tab: 'artworks' }} className={styles.link}>
        {t('nft:mine.resell.back_to_mine')}
      </Link>
    </div>
  );
}
