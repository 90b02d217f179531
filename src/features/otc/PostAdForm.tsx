import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import type { FiatCurrency } from '../../../contract/fiat';
import { formatAmount } from '../../../contract/format';
import { api } from '../../api/client';
import { ensureRates, fiat as chosenFiat, rates } from '../../app/fiat';
import { language, useT } from '../../i18n';
import { cleanAmount } from '../../lib/amount';
import { useSubmit } from '../../lib/useSubmit';
import { Field, Form, PrimaryButton, Segmented, TextInput } from '../../ui/form';
import { toast } from '../../ui/toast';
import { availableIn, loadUsdPrices, loadWallet, usdPrices } from '../assets/wallet';
import { adDraftErrors, FIAT_DECIMALS, livePrice, MARGIN_RANGE, PAYMENT_KINDS, WINDOW_RANGE, type AdField, type OtcCoin, type OtcSide, type PaymentKind } from './otc';
import { CoinChips, FiatPicker, Requirements, useOtcCoins, useReadiness } from './parts';
import styles from './otc.module.css';

/**
 * Posting an advertisement: to sell or to buy a coin for a fiat, at a fixed price or a
 * margin on the live price (0.8 to 1.2 times), limits per order in the fiat, the amount
 * offered, the kinds of bank card it is paid to and the payment window. The server needs
 * level 1 and a card of each kind chosen: said here with the way to each.
 */
export function PostAdForm({ onPosted }: { onPosted: () => void }) {
  useSignals();
  const t = useT();
  const lang = language.value;
  const [side, setSide] = useState<OtcSide>('sell');
  const [coin, setCoin] = useState<OtcCoin>('USDT');
  const [fiat, setFiat] = useState<FiatCurrency>(chosenFiat.value);
  const [priceType, setPriceType] = useState<'fixed' | 'floating'>('fixed');
  const [price, setPrice] = useState('');
  const [margin, setMargin] = useState('1');
  const [minFiat, setMinFiat] = useState('');
  const [maxFiat, setMaxFiat] = useState('');
  const [amount, setAmount] = useState('');
  const [payments, setPayments] = useState<readonly PaymentKind[]>(['domestic']);
  const [windowMinutes, setWindowMinutes] = useState(String(WINDOW_RANGE.default));
  const [errors, setErrors] = useState<Partial<Record<AdField, true>>>({});
  const [busy, run] = useSubmit();
  const readiness = useReadiness();
  const known = useOtcCoins()[coin];
  const precision = known?.precision ?? 8;

  useEffect(() => {
    void ensureRates();
    void loadWallet().catch(() => undefined);
  }, []);
  useEffect(() => {
    if (known) void loadUsdPrices([known.id]);
  }, [known]);

  const usd = known ? usdPrices.value[known.id] : undefined;
  const market = livePrice(usd, rates.value[fiat], '1');
  const floating = livePrice(usd, rates.value[fiat], margin);

  const submit = () =>
    run(async () => {
      const found = adDraftErrors({ priceType, price, margin, minFiat, maxFiat, amount, payments, window: windowMinutes }, precision);
      setErrors(found);
      if (Object.keys(found).length > 0 || !known) return;
      await api('POST /otc/ad/create', {
        side,
        currency_id: known.id,
        fiat,
        price_type: priceType,
        ...(priceType === 'fixed' ? { price } : { margin }),
        min_fiat: minFiat,
        max_fiat: maxFiat,
        amount,
        payments: payments.join(','),
        window_minutes: Number(windowMinutes),
      });
      toast(t('otc:post.posted'));
      onPosted();
    });

  const clear = (field: AdField) => setErrors(({ [field]: _, ...rest }) => rest);

  return (
    <Form onSubmit={() => void submit()}>
      <p className={styles.note}>{t('otc:post.intro')}</p>
      <Segmented
        options={[
          { value: 'sell', label: <span data-testid="otc-post-side-sell">{t('otc:post.side_sell')}</span> },
          { value: 'buy', label: <span data-testid="otc-post-side-buy">{t('otc:post.side_buy')}</span> },
        ]}
        value={side}
        onChange={setSide}
      />
      <div className={styles.filters}>
        <CoinChips value={coin} onChange={setCoin} />
        <FiatPicker value={fiat} onChange={setFiat} />
      </div>
      <div className={styles.box}>
        <span className={styles.boxTitle}>{t('otc:post.price_type')}</span>
        <Segmented
          options={[
            { value: 'fixed', label: <span data-testid="otc-post-fixed">{t('otc:post.fixed')}</span> },
            { value: 'floating', label: <span data-testid="otc-post-floating">{t('otc:post.floating')}</span> },
          ]}
          value={priceType}
          onChange={setPriceType}
        />
        <span className={styles.small} data-testid="otc-post-live">
          {t('otc:post.live', { price: market ? `${formatAmount(market.toFixed(FIAT_DECIMALS), lang)} ${fiat}` : '--' })}
        </span>
      </div>
      {priceType === 'fixed' ? (
        <Field label={t('otc:post.price', { fiat })} error={errors.price ? t('otc:post.errors.price') : null}>
          <TextInput
            name="price"
            inputMode="decimal"
            value={price}
            onValue={(value) => {
              setPrice(cleanAmount(value, FIAT_DECIMALS));
              clear('price');
            }}
            placeholder="0.00"
            data-testid="otc-post-price"
          />
          <span className={styles.inputUnit}>{fiat}</span>
        </Field>
      ) : (
        <Field
          label={t('otc:post.margin')}
          error={errors.margin ? t('otc:post.errors.margin', MARGIN_RANGE) : null}
          hint={t('otc:post.margin_hint', { ...MARGIN_RANGE, price: floating ? `${formatAmount(floating.toFixed(FIAT_DECIMALS), lang)} ${fiat}` : '--' })}
        >
          <TextInput
            name="margin"
            inputMode="decimal"
            value={margin}
            onValue={(value) => {
              setMargin(cleanAmount(value, 4));
              clear('margin');
            }}
            data-testid="otc-post-margin"
          />
          <span className={styles.inputUnit}>×</span>
        </Field>
      )}
      <div className={styles.pair}>
        <Field label={t('otc:post.min', { fiat })} error={errors.limits ? t('otc:post.errors.limits') : null}>
          <TextInput
            name="min_fiat"
            inputMode="decimal"
            value={minFiat}
            onValue={(value) => {
              setMinFiat(cleanAmount(value, FIAT_DECIMALS));
              clear('limits');
            }}
            placeholder="0.00"
            data-testid="otc-post-min"
          />
        </Field>
        <Field label={t('otc:post.max', { fiat })}>
          <TextInput
            name="max_fiat"
            inputMode="decimal"
            value={maxFiat}
            onValue={(value) => {
              setMaxFiat(cleanAmount(value, FIAT_DECIMALS));
              clear('limits');
            }}
            placeholder="0.00"
            data-testid="otc-post-max"
          />
        </Field>
      </div>
      <Field
        label={t(side === 'sell' ? 'otc:post.amount_sell' : 'otc:post.amount_buy', { coin })}
        error={errors.amount ? t('otc:post.errors.amount', { decimals: precision }) : null}
        hint={side === 'sell' ? t('otc:post.available', { amount: `${formatAmount(availableIn('change', coin), lang)} ${coin}` }) : undefined}
      >
        <TextInput
          name="amount"
          inputMode="decimal"
          value={amount}
          onValue={(value) => {
            setAmount(cleanAmount(value, precision));
            clear('amount');
          }}
          placeholder="0"
          data-testid="otc-post-amount"
        />
        <span className={styles.inputUnit}>{coin}</span>
      </Field>
      <fieldset className={styles.fieldset}>
        <legend className={styles.boxTitle}>{t(side === 'sell' ? 'otc:post.payments_sell' : 'otc:post.payments_buy')}</legend>
        {PAYMENT_KINDS.map((kind) => (
          <label key={kind} className={`${styles.choice} ${payments.includes(kind) ? styles.choiceOn : ''}`}>
            <input
              type="checkbox"
              checked={payments.includes(kind)}
              onChange={(event) => {
                setPayments(event.target.checked ? PAYMENT_KINDS.filter((k) => k === kind || payments.includes(k)) : payments.filter((k) => k !== kind));
                clear('payments');
              }}
              data-testid={`otc-post-payment-${kind}`}
            />
            <span>{t(`otc:payments.${kind}`)}</span>
          </label>
        ))}
        {errors.payments && (
          <p className={styles.warning} role="alert">
            {t('validation:otc_payments_invalid')}
          </p>
        )}
      </fieldset>
      <Field label={t('otc:post.window')} error={errors.window ? t('validation:otc_window_invalid') : null} hint={t('otc:post.window_hint', { min: WINDOW_RANGE.min, max: WINDOW_RANGE.max })}>
        <TextInput
          name="window_minutes"
          inputMode="numeric"
          value={windowMinutes}
          onValue={(value) => {
            setWindowMinutes(value.replace(/\D/g, '').slice(0, 3));
            clear('window');
          }}
          data-testid="otc-post-window"
        />
        <span className={styles.inputUnit}>{t('otc:post.minutes')}</span>
      </Field>
      <Requirements readiness={readiness} kinds={payments} need="each" />
      <p className={styles.small}>{t(side === 'sell' ? 'otc:post.escrow_note' : 'otc:post.buy_note')}</p>
      <PrimaryButton type="submit" busy={busy} testId="otc-post-submit">
        {t('otc:post.submit')}
      </PrimaryButton>
    </Form>
  );
}
