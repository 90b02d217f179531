import { useEffect, useState } from 'react';
import type { ApiOutput } from '../../../contract/api';
import { Money, parseAmount } from '../../../contract/money';
import { api } from '../../api/client';
import { language, useT } from '../../i18n';
import { formatAmount } from '../../../contract/format';
import { cleanAmount } from '../../lib/amount';
import { useSubmit } from '../../lib/useSubmit';
import { CoinIcon } from '../../ui/CoinIcon';
import { ConfirmDialog } from '../../ui/Dialog';
import { Field, Form, PrimaryButton, TextInput } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import { toast } from '../../ui/toast';
import { FiatValue } from './FiatValue';
import styles from './assets.module.css';
import { useRequestIds } from '../../lib/requestId';

type Coin = ApiOutput<'POST /user/getTransferList'>[number];

/** Coin conversion in the coin account at the live price, with the fee and any fee coupon shown first. */
export function ExchangeScreen() {
  const t = useT();
  const [list, setList] = useState<Coin[]>([]);
  const [fromId, setFromId] = useState(3);
  const [toId, setToId] = useState(1);
  const [amount, setAmount] = useState('');
  const [quote, setQuote] = useState<ApiOutput<'POST /user/getTransferFee'> | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [busy, run] = useSubmit();

  const load = () =>
    void api('POST /user/getTransferList', {})
      .then(setList)
      .catch(() => undefined);
  useEffect(load, []);
  useEffect(() => {
    if (fromId === toId) return;
    void api('POST /user/getTransferFee', { from_currency_id: fromId, to_currency_id: toId }, { silent: true })
      .then(setQuote)
      .catch(() => setQuote(null));
  }, [fromId, toId]);

  const from = list.find((c) => c.currency_id === fromId);
  const to = list.find((c) => c.currency_id === toId);
  const parsed = from ? parseAmount(amount, from.precision) : null;
  const feeRate = quote ? new Money(quote.fee_rate).times(new Money(1).minus(quote.discount)) : null;
  // The estimate valued at the rate it was worked out with (the target's own price may have moved since the quote).
  const estimateUsdPrice = quote && from?.usd_price != null && Number(quote.rate) > 0 ? from.usd_price / Number(quote.rate) : to?.usd_price;
  const estimate = parsed && quote && to && feeRate ? parsed.times(quote.rate).times(new Money(1).minus(feeRate)).toDecimalPlaces(to.precision, 1).toFixed(to.precision) : '--';

  const pick = (value: number, set: (id: number) => void, testId: string) => (
    <select className={styles.select} value={value} onChange={(event) => set(Number(event.target.value))} data-testid={testId}>
      {list.map((coin) => (
        <option key={coin.currency_id} value={coin.currency_id}>
          {coin.code} · {coin.name}
        </option>
      ))}
    </select>
  );

  const review = () => {
    const problem = parsed ? undefined : t('validation:amount_invalid');
    setError(problem);
    if (!problem) setConfirming(true);
  };

  // One conversion per submission, even if it has to be sent again.
  const requestIds = useRequestIds();
  const execute = () =>
    run(async () => {
      setConfirming(false);
      const body = { number: amount, from_currency_id: fromId, to_currency_id: toId };
      const done = await api('POST /user/Transfer', { ...body, request_id: requestIds.for(body) });
      requestIds.done();
      toast(done.message);
      setAmount('');
      load();
    });

  return (
    <Screen title={t('assets:exchange.title')}>
      <Form onSubmit={review}>
        <Field label={t('assets:exchange.from')}>{pick(fromId, setFromId, 'exchange-from')}</Field>
        <Field
          label=""
          error={error}
          hint={
            from ? (
              <>
                {t('assets:exchange.available', { amount: formatAmount(from.available, language.value), coin: from.code })}
                <FiatValue amount={from.available} usdPrice={from.usd_price} testId="exchange-available-fiat" />
              </>
            ) : undefined
          }
        >
          {from && <CoinIcon code={from.code} size={24} />}
          <TextInput name="amount" inputMode="decimal" value={amount} onValue={(v) => setAmount(cleanAmount(v, from?.precision ?? 8))} placeholder="0" style={{ marginLeft: 8 }} />
          <FiatValue amount={parsed?.toFixed()} usdPrice={from?.usd_price} testId="exchange-amount-fiat" />
          <button type="button" className={styles.link} style={{ padding: '0 10px' }} onClick={() => from && setAmount(from.available)}>
            {t('assets:exchange.max')}
          </button>
        </Field>
        <div style={{ textAlign: 'center' }}>
          <button
            type="button"
            className={styles.swap}
            onClick={() => {
              setFromId(toId);
              setToId(fromId);
              setAmount('');
            }}
            aria-label={t('assets:move.swap')}
          >
            ⇅
          </button>
        </div>
        <Field label={t('assets:exchange.to')}>{pick(toId, setToId, 'exchange-to')}</Field>
        <div className={styles.rows}>
          {quote && from && to && (
            <div className={styles.row}>
              <span>{t('assets:exchange.rate', { from: from.code, to: to.code, rate: quote.rate.toPrecision(8) })}</span>
            </div>
          )}
          <div className={styles.row}>
            <span>{t('assets:exchange.fee')}</span>
            <strong data-testid="exchange-fee">{feeRate ? `${feeRate.times(100).toFixed()}%` : '--'}</strong>
          </div>
          {quote && Number(quote.discount) > 0 && (
            <div className={styles.row}>
              <span>{t('assets:exchange.coupon', { discount: new Money(quote.discount).times(100).toFixed() })}</span>
            </div>
          )}
          <div className={styles.row}>
            <span>{t('assets:exchange.receive')}</span>
            <span className={styles.figure}>
              <strong data-testid="exchange-estimate">
                {formatAmount(estimate, language.value)} {to?.code}
              </strong>
              <FiatValue amount={estimate} usdPrice={estimateUsdPrice} block testId="exchange-estimate-fiat" />
            </span>
          </div>
        </div>
        <p className={styles.note}>{t('assets:exchange.live')}</p>
        <PrimaryButton type="submit" busy={busy} disabled={fromId === toId} testId="exchange-review">
          {t('assets:exchange.confirm')}
        </PrimaryButton>
      </Form>
      <ConfirmDialog
        open={confirming}
        message={`${t('assets:exchange.confirm_title')}: ${amount} ${from?.code ?? ''} → ≈ ${formatAmount(estimate, language.value)} ${to?.code ?? ''}`}
        confirmLabel={t('assets:exchange.confirm')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void execute()}
      />
    </Screen>
  );
}
