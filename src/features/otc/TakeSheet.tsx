import { useSignals } from '@preact/signals-react/runtime';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { formatAmount } from '../../../contract/format';
import { parseAmount } from '../../../contract/money';
import { api } from '../../api/client';
import { language, useT } from '../../i18n';
import { cleanAmount } from '../../lib/amount';
import { useRequestIds } from '../../lib/requestId';
import { useSubmit } from '../../lib/useSubmit';
import { Field, Form, PrimaryButton, TextInput } from '../../ui/form';
import { Sheet } from '../../ui/Sheet';
import { coinsFor, FIAT_DECIMALS, fiatProblem, largestFiat, type OtcAd, type OtcSide } from './otc';
import { Amount, LimitsText, Requirements, type Readiness } from './parts';
import styles from './otc.module.css';

/**
 * Places an order on an advertisement for a fiat amount, then opens it. One request id
 * per submission (sent again after a lost answer, the server places it once).
 */
export function usePlaceOrder(): [busy: boolean, place: (ad: OtcAd, fiatAmount: string) => Promise<void>] {
  const router = useRouter();
  const requestIds = useRequestIds();
  const [busy, run] = useSubmit();
  const place = (ad: OtcAd, fiatAmount: string) =>
    run(async () => {
      const body = { ad_id: ad.id, fiat_amount: fiatAmount };
      const order = await api('POST /otc/order/create', { ...body, request_id: requestIds.for(body) });
      requestIds.done();
      void router.navigate({ to: '/pages/otc/order', search: { id: order.id } });
    });
  return [busy, place];
}

/** The per-order limit of the user's verification level (spec 6), in USDT. */
export function LevelLimit({ readiness }: { readiness: Readiness | null }) {
  const t = useT();
  if (!readiness || readiness.level < 1) return null;
  return (
    <p className={styles.small} data-testid="otc-level-limit">
      {t('otc:order_sheet.level_limit', { limit: formatAmount(readiness.limit, language.value), level: readiness.level })}
    </p>
  );
}

/**
 * The order sheet: a fiat amount within the advertisement's limits, what it comes to in
 * coins at the advertisement's price, the user's level limit, what they still need, and
 * the confirmation that places the order.
 */
export function TakeSheet({ ad, side, readiness, onClose }: { ad: OtcAd; side: OtcSide; readiness: Readiness | null; onClose: () => void }) {
  useSignals();
  const t = useT();
  const lang = language.value;
  const [fiatAmount, setFiatAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, place] = usePlaceOrder();
  const typed = parseAmount(fiatAmount, FIAT_DECIMALS);
  const coins = typed ? coinsFor(typed, ad.price, ad.precision) : null;

  const submit = () => {
    const problem = fiatProblem(fiatAmount, ad);
    if (problem) {
      setError(
        problem === 'remaining'
          ? t('otc:order_sheet.errors.remaining', { amount: formatAmount(ad.remaining, lang), coin: ad.code })
          : t(`otc:order_sheet.errors.${problem}`, { min: formatAmount(ad.min_fiat, lang), max: formatAmount(ad.max_fiat, lang), fiat: ad.fiat }),
      );
      return;
    }
    setError(null);
    void place(ad, fiatAmount);
  };

  return (
    <Sheet open title={t(side === 'buy' ? 'otc:order_sheet.title_buy' : 'otc:order_sheet.title_sell', { coin: ad.code })} onClose={onClose} testId="otc-take-sheet">
      <Form onSubmit={submit}>
        <div className={styles.rows}>
          <div className={styles.row}>
            <span>{t('otc:ad.price')}</span>
            <strong data-testid="otc-sheet-price">
              <Amount value={ad.price} code={ad.fiat} />
            </strong>
          </div>
          <div className={styles.row}>
            <span>{t('otc:ad.limits')}</span>
            <strong>
              <LimitsText ad={ad} />
            </strong>
          </div>
          <div className={styles.row}>
            <span>{t('otc:ad.available')}</span>
            <strong>
              <Amount value={ad.remaining} code={ad.code} />
            </strong>
          </div>
        </div>
        <Field label={t(side === 'buy' ? 'otc:order_sheet.pay' : 'otc:order_sheet.receive', { fiat: ad.fiat })} error={error}>
          <TextInput
            name="fiat_amount"
            inputMode="decimal"
            value={fiatAmount}
            onValue={(value) => {
              setFiatAmount(cleanAmount(value, FIAT_DECIMALS));
              setError(null);
            }}
            placeholder={t('otc:order_sheet.placeholder', { min: formatAmount(ad.min_fiat, lang) })}
            aria-label={t('otc:order_sheet.fiat_amount', { fiat: ad.fiat })}
            data-testid="otc-fiat-amount"
          />
          <span className={styles.inputUnit}>{ad.fiat}</span>
          <button type="button" className={styles.inputAction} onClick={() => setFiatAmount(largestFiat(ad).toFixed(FIAT_DECIMALS))} data-testid="otc-fiat-all">
            {t('otc:order_sheet.all')}
          </button>
        </Field>
        <div className={styles.rows}>
          <div className={styles.row}>
            <span>{t(side === 'buy' ? 'otc:order_sheet.you_get' : 'otc:order_sheet.you_give')}</span>
            <strong data-testid="otc-sheet-coins">{coins && coins.gt(0) ? <Amount value={coins.toFixed(ad.precision)} code={ad.code} /> : '--'}</strong>
          </div>
        </div>
        <LevelLimit readiness={readiness} />
        <p className={styles.small}>{side === 'buy' ? t('otc:order_sheet.buyer_note', { count: ad.window_minutes }) : t('otc:order_sheet.seller_note', { count: ad.window_minutes })}</p>
        <Requirements readiness={readiness} kinds={side === 'sell' ? ad.payments : []} />
        <div className={styles.buttons}>
          <PrimaryButton variant="secondary" onClick={onClose}>
            {t('otc:cancel')}
          </PrimaryButton>
          <PrimaryButton type="submit" variant={side} busy={busy} testId="otc-place">
            {t(side === 'buy' ? 'otc:order_sheet.confirm_buy' : 'otc:order_sheet.confirm_sell')}
          </PrimaryButton>
        </div>
      </Form>
    </Sheet>
  );
}
