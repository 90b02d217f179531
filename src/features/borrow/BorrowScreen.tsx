import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { loanLtv } from '../../../contract/borrow';
import { formatAmount } from '../../../contract/format';
import { floor, Money, parseAmount } from '../../../contract/money';
import { api } from '../../api/client';
import { askToLogIn } from '../../app/login-first';
import { goToLogin } from '../../app/navigation';
import { loggedIn } from '../../app/session';
import { useTickers } from '../../core/hooks';
import { language, useT } from '../../i18n';
import { cleanAmount } from '../../lib/amount';
import { useRequestIds } from '../../lib/requestId';
import { useLoad } from '../../lib/useLoad';
import { useSubmit } from '../../lib/useSubmit';
import { CoinIcon } from '../../ui/CoinIcon';
import { ConfirmDialog } from '../../ui/Dialog';
import { Field, Form, PrimaryButton, TextInput } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import { Skeleton } from '../../ui/Skeleton';
import { toast } from '../../ui/toast';
import { percent } from '../finance/format';
import financeStyles from '../finance/finance.module.css';
import { PercentSlider } from '../trade/PercentSlider';
import { decimalsOf, maxBorrow, previewLoan, shareOf, type BorrowConfig, type Collateral } from './borrow';
import { HealthBar, MyLoans, priceNow, Rows, useLivePrice } from './LoanParts';
import styles from './borrow.module.css';

/** The user's available balance of each coin a loan uses (the collaterals and USDT), in the coin account. */
async function balancesOf(config: BorrowConfig): Promise<Map<number, string>> {
  const ids = [...config.collaterals.map((collateral) => collateral.currency_id), config.debt.currency_id];
  const details = await Promise.all(ids.map((currency) => api('POST /wallet/detail', { currency, type: 'change' })));
  return new Map(ids.map((id, i) => [id, details[i]?.available ?? '0']));
}

/**
 * common/borrowing (spec 1, 2): USDT lent against BTC or ETH. The borrow card shows the
 * loan as it would be at the live price (LTV, interest, margin-call and liquidation
 * prices) before the confirmation; My loans shows each loan's health at the live price,
 * with repaying and adding collateral. Visitors see the card and the terms, and are
 * asked to log in when they act.
 */
export function BorrowScreen() {
  useSignals();
  useTickers();
  const t = useT();
  const logged = loggedIn.value;
  // Bumped after a loan changes: the balances and the loans are read again.
  const [version, setVersion] = useState(0);
  const config = useLoad(() => api('GET /borrow/config', {}), []);
  const balances = useLoad(() => (logged && config.data ? balancesOf(config.data) : Promise.resolve(null)), [logged, config.data, version]);
  const changed = () => setVersion((v) => v + 1);
  return (
    <Screen title={t('finance:borrow.title')}>
      <div className={financeStyles.page}>
        <p className={financeStyles.note}>{t('finance:borrow.intro')}</p>
        {config.data ? (
          <>
            <BorrowCard config={config.data} balances={balances.data ?? null} onBorrowed={changed} />
            <h2 className={financeStyles.sectionTitle}>{t('finance:borrow.loans.title')}</h2>
            {logged ? (
              <MyLoans config={config.data} balances={balances.data ?? null} version={version} onChanged={changed} />
            ) : (
              <div className={styles.loginBox} data-testid="loans-login">
                <span>{t('finance:borrow.loans.login')}</span>
                <button type="button" className={`${styles.action} ${styles.actionMain}`} onClick={goToLogin}>
                  {t('common:home.login')}
                </button>
              </div>
            )}
          </>
        ) : config.failed ? null : (
          <>
            <Skeleton shape="card" />
            <Skeleton shape="facts" />
          </>
        )}
        <p className={financeStyles.small}>{t('finance:paper')}</p>
      </div>
    </Screen>
  );
}

/** The collateral coin, its amount (a share of the balance), the USDT to borrow, and the loan as it would be. */
function BorrowCard({ config, balances, onBorrowed }: { config: BorrowConfig; balances: ReadonlyMap<number, string> | null; onBorrowed: () => void }) {
  const t = useT();
  const lang = language.value;
  const { debt } = config;
  const [coinId, setCoinId] = useState(config.collaterals[0]?.currency_id ?? 0);
  const [collateralText, setCollateralText] = useState('');
  const [amountText, setAmountText] = useState('');
  const [share, setShare] = useState<number | null>(null);
  const [errors, setErrors] = useState<{ collateral?: string; amount?: string }>({});
  const [confirming, setConfirming] = useState<{ price: string } | null>(null);
  const [busy, run] = useSubmit();
  const requestIds = useRequestIds();
  const coin = config.collaterals.find((candidate) => candidate.currency_id === coinId) ?? config.collaterals[0];
  if (!coin) return null;

  const available = balances?.get(coin.currency_id) ?? null;
  const collateral = parseAmount(collateralText, coin.precision);
  const amount = parseAmount(amountText, debt.precision);
  const usdt = (value: Money | string) => `${formatAmount(typeof value === 'string' ? value : value.toFixed(debt.precision), lang)} ${debt.code}`;
  const coins = (value: Money | string) => `${formatAmount(typeof value === 'string' ? value : value.toFixed(coin.precision), lang)} ${coin.code}`;
  const typedShare = available !== null && new Money(available).gt(0) && collateral ? collateral.div(available).times(100).toNumber() : 0;

  const choose = (next: Collateral) => {
    setCoinId(next.currency_id);
    setCollateralText('');
    setAmountText('');
    setShare(null);
    setErrors({});
  };
  const fillShare = (next: number) => {
    if (!loggedIn.value) return askToLogIn();
    setShare(next);
    setErrors(({ collateral: _, ...rest }) => rest);
    if (available === null) return;
    const part = shareOf(available, next, coin.precision);
    setCollateralText(part.gt(0) ? part.toFixed() : '');
  };
  const fillMax = () => {
    if (!collateral) return setErrors({ ...errors, collateral: t('finance:borrow.collateral_first') });
    const most = maxBorrow(collateral, priceNow(coin.market_id, coin.price), debt.precision, config.max_start_ltv);
    setErrors(({ amount: _, ...rest }) => rest);
    setAmountText(most.gt(0) ? most.toFixed() : '');
  };

  const submit = () => {
    if (!loggedIn.value) return askToLogIn();
    const price = priceNow(coin.market_id, coin.price);
    const found: { collateral?: string; amount?: string } = {};
    if (!collateral) found.collateral = t('validation:amount_invalid');
    else if (available !== null && collateral.gt(available)) found.collateral = t('finance:over_balance');
    if (!amount) found.amount = t('validation:amount_invalid');
    else if (amount.lt(config.min_amount)) found.amount = t('finance:borrow.amount_min', { amount: usdt(config.min_amount) });
    else if (collateral && amount.gt(maxBorrow(collateral, price, debt.precision, config.max_start_ltv))) {
      found.amount = t('finance:borrow.over_max', { amount: usdt(maxBorrow(collateral, price, debt.precision, config.max_start_ltv)), ltv: percent(config.max_start_ltv, lang, 2) });
    }
    setErrors(found);
    if (!found.collateral && !found.amount) setConfirming({ price });
  };
  const borrow = () =>
    void run(async () => {
      setConfirming(null);
      if (!collateral || !amount) return;
      const body = { collateral_currency_id: coin.currency_id, collateral: collateral.toFixed(), amount: amount.toFixed() };
      const loan = await api('POST /borrow/apply', { ...body, request_id: requestIds.for(body) });
      requestIds.done();
      toast(t('finance:borrow.borrowed', { amount: usdt(loan.principal), collateral: coins(loan.collateral) }));
      setCollateralText('');
      setAmountText('');
      setShare(null);
      onBorrowed();
    });

  return (
    <section className={financeStyles.formCard} data-testid="borrow-card">
      <div className={styles.coins} role="group" aria-label={t('finance:borrow.collateral_coin')}>
        {config.collaterals.map((option) => (
          <CoinChip key={option.currency_id} coin={option} on={option.currency_id === coin.currency_id} onChoose={() => choose(option)} />
        ))}
      </div>
      <Form onSubmit={submit}>
        <Field
          label={t('finance:borrow.collateral', { coin: coin.code })}
          error={errors.collateral}
          hint={available !== null ? t('assets:exchange.available', { amount: formatAmount(available, lang), coin: coin.code }) : undefined}
        >
          <TextInput
            name="collateral"
            inputMode="decimal"
            value={collateralText}
            onValue={(value) => {
              setShare(null);
              setErrors(({ collateral: _, ...rest }) => rest);
              setCollateralText(cleanAmount(value, coin.precision));
            }}
            placeholder={t('finance:borrow.decimals', { decimals: coin.precision })}
          />
        </Field>
        <PercentSlider value={share ?? typedShare} onValue={fillShare} label={t('trade:percent_of_available')} testId="borrow-percent" />
        <Field
          label={t('finance:borrow.amount', { coin: debt.code })}
          error={errors.amount}
          hint={t('finance:borrow.amount_hint', { amount: usdt(config.min_amount), ltv: percent(config.max_start_ltv, lang, 2) })}
        >
          <TextInput
            name="amount"
            inputMode="decimal"
            value={amountText}
            onValue={(value) => {
              setErrors(({ amount: _, ...rest }) => rest);
              setAmountText(cleanAmount(value, debt.precision));
            }}
            placeholder={t('finance:borrow.decimals', { decimals: debt.precision })}
          />
          <button type="button" className={styles.max} onClick={fillMax} data-testid="borrow-max">
            {t('assets:exchange.max')}
          </button>
        </Field>
        <LoanPreview config={config} coin={coin} collateral={collateral} amount={amount} />
        <p className={financeStyles.small}>{t('finance:borrow.rules', { margin: percent(config.margin_call_ltv, lang, 2), liquidation: percent(config.liquidation_ltv, lang, 2), coin: debt.code })}</p>
        <PrimaryButton type="submit" busy={busy} testId="borrow-submit">
          {t('finance:borrow.submit')}
        </PrimaryButton>
      </Form>
      <ConfirmDialog
        open={confirming !== null && collateral !== null && amount !== null}
        title={t('finance:borrow.confirm_title')}
        message={
          confirming &&
          collateral &&
          amount && (
            <div className={financeStyles.outcomes}>
              <span>{t('finance:borrow.confirm', { amount: usdt(amount), collateral: coins(collateral) })}</span>
              <PreviewRows config={config} coin={coin} collateral={collateral} amount={amount} price={confirming.price} ltvRow />
            </div>
          )
        }
        onCancel={() => setConfirming(null)}
        onConfirm={borrow}
      />
    </section>
  );
}

/** A collateral coin to choose, with its live price. */
function CoinChip({ coin, on, onChoose }: { coin: Collateral; on: boolean; onChoose: () => void }) {
  useSignals();
  const lang = language.value;
  const price = useLivePrice(coin.market_id, coin.price);
  return (
    <button type="button" aria-pressed={on} className={`${styles.coin} ${on ? styles.coinOn : ''}`} onClick={onChoose} data-testid={`borrow-coin-${coin.code}`}>
      <CoinIcon code={coin.code} size={28} />
      <span className={styles.coinText}>
        <span className={styles.coinCode}>{coin.code}</span>
        <span className={styles.coinPrice} data-testid={`borrow-price-${coin.code}`}>
          {formatAmount(price, lang)}
        </span>
      </span>
    </button>
  );
}

/** The loan as it would be at the live price: re-rendered on the market's ticks, alone. */
function LoanPreview({ config, coin, collateral, amount }: { config: BorrowConfig; coin: Collateral; collateral: Money | null; amount: Money | null }) {
  useSignals();
  const t = useT();
  const price = useLivePrice(coin.market_id, coin.price);
  const ltv = collateral && amount ? loanLtv(amount, collateral, price) : null;
  return (
    <>
      <HealthBar ltv={ltv} rules={config} label={t('finance:borrow.ltv')} testId="borrow-ltv" />
      <PreviewRows config={config} coin={coin} collateral={collateral} amount={amount} price={price} />
    </>
  );
}

/** The price, the collateral's value and what it lends, the APR and, with an amount, the loan's figures at `price` (with its LTV in the confirmation). */
function PreviewRows({
  config,
  coin,
  collateral,
  amount,
  price,
  ltvRow = false,
}: {
  config: BorrowConfig;
  coin: Collateral;
  collateral: Money | null;
  amount: Money | null;
  price: string;
  ltvRow?: boolean;
}) {
  const t = useT();
  const lang = language.value;
  const { debt } = config;
  const usdt = (value: Money) => `${formatAmount(value.toFixed(debt.precision), lang)} ${debt.code}`;
  const priceText = (value: Money) => formatAmount(value.toFixed(decimalsOf(price)), lang);
  const preview = collateral && amount ? previewLoan({ collateral, amount, price, apr: config.apr, debtDecimals: debt.precision, priceDecimals: decimalsOf(price) }) : null;
  const value = collateral ? collateral.times(price) : null;
  return (
    <Rows
      rows={[
        [t('finance:borrow.price', { coin: coin.code }), formatAmount(price, lang), 'borrow-price'],
        [t('finance:borrow.value'), value ? `${formatAmount(floor(value, 2).toFixed(2), lang)} ${debt.code}` : '--', 'borrow-value'],
        [t('finance:borrow.most'), collateral ? usdt(maxBorrow(collateral, price, debt.precision, config.max_start_ltv)) : '--', 'borrow-most'],
        ltvRow && preview !== null && [t('finance:borrow.ltv'), percent(preview.ltv, lang, 2), 'borrow-confirm-ltv'],
        [t('finance:borrow.apr'), percent(config.apr, lang, 2), 'borrow-apr'],
        [t('finance:borrow.daily_interest'), preview ? usdt(preview.dailyInterest) : '--', 'borrow-daily'],
        [t('finance:borrow.margin_call_price', { ltv: percent(config.margin_call_ltv, lang, 2) }), preview ? priceText(preview.marginCallPrice) : '--', 'borrow-margin-price'],
        [t('finance:borrow.liquidation_price', { ltv: percent(config.liquidation_ltv, lang, 2) }), preview ? priceText(preview.liquidationPrice) : '--', 'borrow-liquidation-price'],
      ]}
    />
  );
}
