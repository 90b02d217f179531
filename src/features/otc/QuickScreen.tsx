import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { FiatCurrency } from '../../../contract/fiat';
import { formatAmount } from '../../../contract/format';
import { Money, parseAmount } from '../../../contract/money';
import { api } from '../../api/client';
import { fiat as chosenFiat } from '../../app/fiat';
import { askToLogIn } from '../../app/login-first';
import { loggedIn } from '../../app/session';
import { language, useT } from '../../i18n';
import { cleanAmount } from '../../lib/amount';
import { Field, PrimaryButton, TextInput } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import { Skeleton } from '../../ui/Skeleton';
import { coinsFor, FIAT_DECIMALS, type OtcAd, type OtcCoin, type OtcSide } from './otc';
import { Advertiser, Amount, CoinChips, FiatPicker, LimitsText, PaymentBadges, Requirements, SideSwitch, useOtcCoins, useReadiness } from './parts';
import { LevelLimit, usePlaceOrder } from './TakeSheet';
import styles from './otc.module.css';

/** How long typing rests before the best advertisement is asked for. */
const QUOTE_DELAY_MS = 400;

type Quote = { state: 'idle' } | { state: 'loading' } | { state: 'none' } | { state: 'found'; ad: OtcAd; fiatAmount: string };

/**
 * otc/quick: quick coin purchase (and sale). Buy or sell, the coin, the fiat and the fiat
 * amount; the best online advertisement that takes that amount is shown as it is typed,
 * with what it comes to, and one tap places the order.
 */
export function OtcQuickScreen() {
  useSignals();
  const t = useT();
  const lang = language.value;
  const [side, setSide] = useState<OtcSide>('buy');
  const [coin, setCoin] = useState<OtcCoin>('USDT');
  const [fiat, setFiat] = useState<FiatCurrency>(chosenFiat.value);
  const [fiatAmount, setFiatAmount] = useState('');
  const [quote, setQuote] = useState<Quote>({ state: 'idle' });
  const known = useOtcCoins()[coin];
  const readiness = useReadiness();
  const [busy, place] = usePlaceOrder();
  const currencyId = known?.id;

  useEffect(() => {
    if (currencyId === undefined || !parseAmount(fiatAmount, FIAT_DECIMALS)) {
      setQuote({ state: 'idle' });
      return undefined;
    }
    let live = true;
    setQuote({ state: 'loading' });
    const timer = setTimeout(() => {
      void api('GET /otc/quick', { side, currency_id: currencyId, fiat, fiat_amount: fiatAmount }, { silent: true }).then(
        (ad) => live && setQuote(ad ? { state: 'found', ad, fiatAmount } : { state: 'none' }),
        () => live && setQuote({ state: 'none' }),
      );
    }, QUOTE_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [side, currencyId, fiat, fiatAmount]);

  const found = quote.state === 'found' ? quote : null;
  const coins = found ? coinsFor(new Money(found.fiatAmount), found.ad.price, found.ad.precision) : null;

  return (
    <Screen title={t('otc:quick.title')}>
      <div className={styles.page}>
        <SideSwitch value={side} onChange={setSide} />
        <div className={styles.filters}>
          <CoinChips value={coin} onChange={setCoin} />
          <FiatPicker value={fiat} onChange={setFiat} />
        </div>
        <Field label={t(side === 'buy' ? 'otc:quick.spend' : 'otc:quick.get', { fiat })}>
          <TextInput
            name="fiat_amount"
            inputMode="decimal"
            value={fiatAmount}
            onValue={(value) => setFiatAmount(cleanAmount(value, FIAT_DECIMALS))}
            placeholder="0.00"
            aria-label={t('otc:order_sheet.fiat_amount', { fiat })}
            data-testid="otc-quick-amount"
          />
          <span className={styles.inputUnit}>{fiat}</span>
        </Field>
        {quote.state === 'loading' && <Skeleton shape="card" />}
        {quote.state === 'none' && (
          <div className={styles.emptyBox} data-testid="otc-quick-none">
            <p className={styles.empty}>{t('otc:quick.none', { amount: `${formatAmount(fiatAmount, lang)} ${fiat}` })}</p>
            <Link to="/pages/otc/otc" className={styles.link}>
              {t('otc:quick.browse')}
            </Link>
          </div>
        )}
        {quote.state === 'idle' && <p className={styles.note}>{t(side === 'buy' ? 'otc:quick.intro_buy' : 'otc:quick.intro_sell', { coin })}</p>}
        {found && coins && (
          <section className={styles.card} data-testid="otc-quick-best">
            <span className={styles.label}>{t('otc:quick.best')}</span>
            <div className={styles.total}>
              <span className={styles.label}>{t(side === 'buy' ? 'otc:order_sheet.you_get' : 'otc:order_sheet.you_give')}</span>
              <span className={styles.totalValue} data-testid="otc-quick-coins">
                <Amount value={coins.toFixed(found.ad.precision)} code={found.ad.code} />
              </span>
            </div>
            <div className={styles.rows}>
              <div className={styles.row}>
                <span>{t('otc:ad.price')}</span>
                <strong data-testid="otc-quick-price">
                  <Amount value={found.ad.price} code={found.ad.fiat} />
                </strong>
              </div>
              <div className={styles.row}>
                <span>{t('otc:ad.limits')}</span>
                <strong>
                  <LimitsText ad={found.ad} />
                </strong>
              </div>
            </div>
            <Advertiser advertiser={found.ad.advertiser} />
            <div className={styles.cardFoot}>
              <PaymentBadges kinds={found.ad.payments} />
              <span className={styles.small}>{t('otc:ad.window', { count: found.ad.window_minutes })}</span>
            </div>
            <LevelLimit readiness={readiness} />
            <Requirements readiness={readiness} kinds={side === 'sell' ? found.ad.payments : []} />
            <PrimaryButton
              variant={side}
              busy={busy}
              onClick={() => {
                if (!loggedIn.value) askToLogIn();
                else void place(found.ad, found.fiatAmount);
              }}
              testId="otc-quick-place"
            >
              {t(side === 'buy' ? 'otc:quick.place_buy' : 'otc:quick.place_sell', { coin: found.ad.code })}
            </PrimaryButton>
          </section>
        )}
      </div>
    </Screen>
  );
}
