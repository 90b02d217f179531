import { useSignals } from '@preact/signals-react/runtime';
import { useState, type ReactNode } from 'react';
import { loanLtv, priceAtLtv } from '../../../contract/borrow';
import { formatAmount, formatDateTime } from '../../../contract/format';
import { Money, parseAmount } from '../../../contract/money';
import { api } from '../../api/client';
import { markets, quoteOf } from '../../core/store';
import { language, useT } from '../../i18n';
import { cleanAmount } from '../../lib/amount';
import { usePaged } from '../../lib/usePaged';
import { useSubmit } from '../../lib/useSubmit';
import { Field, Form, PrimaryButton, TextInput } from '../../ui/form';
import { ListFooter } from '../../ui/ListFooter';
import { Sheet } from '../../ui/Sheet';
import { toast } from '../../ui/toast';
import { Tabs } from '../finance/Tabs';
import { percent } from '../finance/format';
import financeStyles from '../finance/finance.module.css';
import { decimalsOf, healthOf, type BorrowConfig, type Loan } from './borrow';
import styles from './borrow.module.css';

/**
 * A market's last price as text at its decimals: the live ticker once the worker has
 * one, else the price the server answered with. Call it in a component that tracks
 * signals (useSignals): it re-renders on the market's ticks.
 */
export function useLivePrice(marketId: number, fallback: string): string {
  void markets.value;
  const last = quoteOf(marketId)?.last.value;
  return last !== undefined && Number.isFinite(last) && last > 0 ? last.toFixed(decimalsOf(fallback)) : fallback;
}

/** The same, read once (at a tap), without tracking. */
export function priceNow(marketId: number, fallback: string): string {
  const last = quoteOf(marketId)?.last.peek();
  return last !== undefined && Number.isFinite(last) && last > 0 ? last.toFixed(decimalsOf(fallback)) : fallback;
}

type Rules = Pick<BorrowConfig, 'max_start_ltv' | 'margin_call_ltv' | 'liquidation_ltv'>;

/** A loan's LTV on a scale to 100 %, the start, margin-call and liquidation thresholds marked, coloured by how close it is. */
export function HealthBar({ ltv, rules, label, testId }: { ltv: Money | null; rules: Rules; label: string; testId: string }) {
  const lang = language.value;
  const health = ltv === null ? 'safe' : healthOf(ltv, rules);
  const width = ltv === null ? 0 : Math.min(100, ltv.times(100).toNumber());
  const marks = [rules.max_start_ltv, rules.margin_call_ltv, rules.liquidation_ltv];
  return (
    <div className={styles.health}>
      <div className={styles.healthHead}>
        <span>{label}</span>
        <span className={`${styles.healthValue} ${ltv === null ? '' : styles[health]}`} data-testid={testId} data-health={ltv === null ? undefined : health}>
          {ltv === null ? '--' : percent(ltv, lang, 2)}
        </span>
      </div>
      <div className={styles.track} role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(width * 100) / 100}>
        <span className={`${styles.fill} ${styles[health]}`} style={{ width: `${width}%` }} />
        {marks.map((mark) => (
          <span key={mark} className={styles.mark} style={{ left: `${new Money(mark).times(100).toNumber()}%` }} aria-hidden="true" />
        ))}
      </div>
      <div className={styles.marks} aria-hidden="true">
        {marks.map((mark) => (
          <span key={mark} className={styles.markLabel} style={{ left: `${new Money(mark).times(100).toNumber()}%` }}>
            {percent(mark, lang, 0)}
          </span>
        ))}
      </div>
    </div>
  );
}

type Row = readonly [label: ReactNode, value: ReactNode, testId?: string] | false;

export function Rows({ rows }: { rows: readonly Row[] }) {
  return (
    <div className={financeStyles.rows}>
      {rows.map(
        (row, i) =>
          row && (
            <div key={i} className={financeStyles.row}>
              <span>{row[0]}</span>
              <strong data-testid={row[2]}>{row[1]}</strong>
            </div>
          ),
      )}
    </div>
  );
}

type Tab = 'open' | 'closed';

/**
 * The user's loans: open ones with their live LTV and the ways out of them (repay, more
 * collateral), closed ones repaid or liquidated. `version` reads them again.
 */
export function MyLoans({ config, balances, version, onChanged }: { config: BorrowConfig; balances: ReadonlyMap<number, string> | null; version: number; onChanged: () => void }) {
  const t = useT();
  const [tab, setTab] = useState<Tab>('open');
  const [repaying, setRepaying] = useState<Loan | null>(null);
  const [adding, setAdding] = useState<Loan | null>(null);
  const list = usePaged('GET /borrow/loans', { status: tab }, [version]);
  const changed = () => {
    setRepaying(null);
    setAdding(null);
    onChanged();
  };
  return (
    <>
      <Tabs options={['open', 'closed'] as const} value={tab} onChange={setTab} text={(key) => t(`finance:borrow.loans.${key}`)} testId="loans-tab" />
      {list.items.map((loan) =>
        loan.status === 'open' ? <OpenLoan key={loan.id} loan={loan} rules={config} onRepay={() => setRepaying(loan)} onAdd={() => setAdding(loan)} /> : <ClosedLoan key={loan.id} loan={loan} />,
      )}
      <ListFooter items={list.items} more={list.more} loading={list.loading} loadMore={list.loadMore} skeleton="card" />
      {repaying && (
        <Sheet open title={t('finance:borrow.repay.title', { id: repaying.id })} onClose={() => setRepaying(null)} testId="repay-sheet">
          <RepayForm loan={repaying} available={balances?.get(config.debt.currency_id) ?? null} onDone={changed} />
        </Sheet>
      )}
      {adding && (
        <Sheet open title={t('finance:borrow.add.title', { id: adding.id })} onClose={() => setAdding(null)} testId="add-sheet">
          <AddCollateralForm loan={adding} rules={config} available={balances?.get(adding.collateral_currency_id) ?? null} onDone={changed} />
        </Sheet>
      )}
    </>
  );
}

const amountOf = (value: string, code: string, lang: Parameters<typeof formatAmount>[1]) => `${formatAmount(value, lang)} ${code}`;

function LoanHead({ loan, children }: { loan: Loan; children: ReactNode }) {
  const t = useT();
  return (
    <div className={styles.loanHead}>
      <span className={styles.loanTitle}>{t('finance:borrow.loans.loan', { coin: loan.collateral_code })}</span>
      <span className={styles.loanId}>#{loan.id}</span>
      {children}
    </div>
  );
}

/** An open loan at the live price: its health, debt, collateral and the prices that would call and sell it. */
function OpenLoan({ loan, rules, onRepay, onAdd }: { loan: Loan; rules: Rules; onRepay: () => void; onAdd: () => void }) {
  useSignals();
  const t = useT();
  const lang = language.value;
  const price = useLivePrice(loan.market_id, loan.price);
  const ltv = loanLtv(loan.debt, loan.collateral, price);
  const called = loan.margin_called_at !== null;
  const debt = (value: string) => amountOf(value, loan.debt_code, lang);
  return (
    <section className={styles.loan} data-testid="loan" data-loan={loan.id}>
      <LoanHead loan={loan}>
        <span className={`${styles.status} ${called ? styles.statusCalled : styles.statusOpen}`} data-testid="loan-status">
          {called ? t('finance:borrow.loans.margin_called') : t('finance:borrow.loans.status.open')}
        </span>
      </LoanHead>
      <HealthBar ltv={ltv} rules={rules} label={t('finance:borrow.ltv')} testId="loan-ltv" />
      {called && loan.margin_called_at !== null && (
        <p className={styles.warning} role="alert" data-testid="loan-margin-call">
          {t('finance:borrow.loans.margin_warning', {
            time: formatDateTime(loan.margin_called_at, lang),
            margin: percent(rules.margin_call_ltv, lang, 2),
            liquidation: percent(rules.liquidation_ltv, lang, 2),
            price: formatAmount(loan.liquidation_price, lang),
          })}
        </p>
      )}
      <Rows
        rows={[
          [t('finance:borrow.loans.debt'), debt(loan.debt), 'loan-debt'],
          [t('finance:borrow.loans.principal_interest'), `${debt(loan.principal)} + ${debt(loan.interest)}`, 'loan-principal'],
          [t('finance:borrow.loans.collateral'), amountOf(loan.collateral, loan.collateral_code, lang), 'loan-collateral'],
          [t('finance:borrow.price', { coin: loan.collateral_code }), formatAmount(price, lang), 'loan-price'],
          [t('finance:borrow.margin_call_price', { ltv: percent(rules.margin_call_ltv, lang, 2) }), formatAmount(loan.margin_call_price, lang), 'loan-margin-price'],
          [t('finance:borrow.liquidation_price', { ltv: percent(rules.liquidation_ltv, lang, 2) }), formatAmount(loan.liquidation_price, lang), 'loan-liquidation-price'],
          [t('finance:borrow.apr'), percent(loan.apr, lang, 2)],
          [t('finance:borrow.loans.opened'), t('finance:borrow.loans.at_price', { time: formatDateTime(loan.created_at, lang), price: formatAmount(loan.open_tick.price, lang) })],
        ]}
      />
      <div className={styles.actions}>
        <button type="button" className={styles.action} onClick={onAdd} data-testid="loan-add">
          {t('finance:borrow.loans.add_collateral')}
        </button>
        <button type="button" className={`${styles.action} ${styles.actionMain}`} onClick={onRepay} data-testid="loan-repay">
          {t('finance:borrow.loans.repay')}
        </button>
      </div>
    </section>
  );
}

/** A repaid loan (its collateral returned) or a liquidated one (the trade that sold it, and what came back). */
function ClosedLoan({ loan }: { loan: Loan }) {
  const t = useT();
  const lang = language.value;
  const liquidated = loan.status === 'liquidated';
  const tick = loan.close_tick;
  return (
    <section className={styles.loan} data-testid="loan" data-loan={loan.id}>
      <LoanHead loan={loan}>
        <span className={`${styles.status} ${liquidated ? styles.statusLiquidated : styles.statusRepaid}`} data-testid="loan-status">
          {t(`finance:borrow.loans.status.${loan.status}`)}
        </span>
      </LoanHead>
      <Rows
        rows={[
          [t('finance:borrow.loans.opened'), t('finance:borrow.loans.at_price', { time: formatDateTime(loan.created_at, lang), price: formatAmount(loan.open_tick.price, lang) })],
          liquidated
            ? [t('finance:borrow.loans.sold'), amountOf(loan.collateral, loan.collateral_code, lang), 'loan-collateral']
            : [t('finance:borrow.loans.released'), amountOf(loan.collateral, loan.collateral_code, lang), 'loan-collateral'],
          liquidated && [t('finance:borrow.loans.debt_paid'), amountOf(loan.debt, loan.debt_code, lang), 'loan-debt'],
          liquidated &&
            tick !== null && [
              t('finance:borrow.loans.liquidated_by'),
              t('finance:borrow.loans.at_price', { time: formatDateTime(tick.time, lang), price: formatAmount(tick.price, lang) }),
              'loan-close-tick',
            ],
          liquidated && [t('finance:borrow.loans.surplus'), amountOf(loan.surplus ?? '0', loan.debt_code, lang), 'loan-surplus'],
          !liquidated && loan.closed_at !== null && [t('finance:borrow.loans.repaid_at'), formatDateTime(loan.closed_at, lang), 'loan-closed-at'],
        ]}
      />
    </section>
  );
}

/** Repaying part or all of a loan from the coin account's USDT: interest first; in full, the collateral comes back. */
function RepayForm({ loan, available, onDone }: { loan: Loan; available: string | null; onDone: () => void }) {
  const t = useT();
  const lang = language.value;
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, run] = useSubmit();
  const parsed = parseAmount(amount, loan.debt_precision);
  const left = parsed ? Money.max(0, new Money(loan.debt).minus(parsed)) : null;
  const debt = (value: string) => amountOf(value, loan.debt_code, lang);

  const submit = () => {
    if (!parsed) return setError(t('validation:amount_invalid'));
    if (parsed.gt(loan.debt)) return setError(t('finance:borrow.repay.over_debt', { debt: debt(loan.debt) }));
    if (available !== null && parsed.gt(available)) return setError(t('finance:over_balance'));
    setError(null);
    void run(async () => {
      const after = await api('POST /borrow/repay', { id: loan.id, amount: parsed.toFixed() });
      toast(
        after.status === 'repaid'
          ? t('finance:borrow.repay.repaid_full', { collateral: amountOf(after.collateral, after.collateral_code, lang) })
          : t('finance:borrow.repay.repaid', { amount: debt(parsed.toFixed()), debt: debt(after.debt) }),
      );
      onDone();
    });
  };

  return (
    <Form onSubmit={submit}>
      <Rows
        rows={[
          [t('finance:borrow.loans.debt'), debt(loan.debt), 'repay-debt'],
          [t('finance:borrow.loans.principal_interest'), `${debt(loan.principal)} + ${debt(loan.interest)}`],
        ]}
      />
      <Field
        label={t('finance:borrow.repay.amount', { coin: loan.debt_code })}
        error={error}
        hint={available !== null ? t('assets:exchange.available', { amount: formatAmount(available, lang), coin: loan.debt_code }) : undefined}
      >
        <TextInput
          name="repay"
          inputMode="decimal"
          value={amount}
          onValue={(value) => {
            setError(null);
            setAmount(cleanAmount(value, loan.debt_precision));
          }}
          placeholder={t('finance:borrow.repay.placeholder')}
        />
        <button type="button" className={styles.max} onClick={() => setAmount(new Money(loan.debt).toFixed())} data-testid="repay-max">
          {t('assets:exchange.max')}
        </button>
      </Field>
      <Rows rows={[[t('finance:borrow.repay.after'), left ? debt(left.toFixed(loan.debt_precision)) : '--', 'repay-after']]} />
      <p className={financeStyles.small}>
        {left?.isZero()
          ? t('finance:borrow.repay.release', { collateral: amountOf(loan.collateral, loan.collateral_code, lang) })
          : t('finance:borrow.repay.note', { collateral: amountOf(loan.collateral, loan.collateral_code, lang) })}
      </p>
      <PrimaryButton type="submit" busy={busy} testId="repay-confirm">
        {t('finance:borrow.loans.repay')}
      </PrimaryButton>
    </Form>
  );
}

/** More of the collateral coin for an open loan: its LTV and liquidation price as they would be. */
function AddCollateralForm({ loan, rules, available, onDone }: { loan: Loan; rules: Rules; available: string | null; onDone: () => void }) {
  useSignals();
  const t = useT();
  const lang = language.value;
  const price = useLivePrice(loan.market_id, loan.price);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, run] = useSubmit();
  const parsed = parseAmount(amount, loan.collateral_precision);
  const collateral = parsed ? parsed.plus(loan.collateral) : null;
  const liquidation = collateral ? priceAtLtv(loan.debt, collateral, rules.liquidation_ltv).toDecimalPlaces(decimalsOf(loan.price), Money.ROUND_UP) : null;
  const coin = (value: string) => amountOf(value, loan.collateral_code, lang);

  const submit = () => {
    if (!parsed) return setError(t('validation:amount_invalid'));
    if (available !== null && parsed.gt(available)) return setError(t('finance:over_balance'));
    setError(null);
    void run(async () => {
      const after = await api('POST /borrow/addCollateral', { id: loan.id, amount: parsed.toFixed() });
      toast(t('finance:borrow.add.added', { amount: coin(parsed.toFixed()), collateral: coin(after.collateral) }));
      onDone();
    });
  };

  return (
    <Form onSubmit={submit}>
      <Field
        label={t('finance:borrow.add.amount', { coin: loan.collateral_code })}
        error={error}
        hint={available !== null ? t('assets:exchange.available', { amount: formatAmount(available, lang), coin: loan.collateral_code }) : undefined}
      >
        <TextInput
          name="collateral_more"
          inputMode="decimal"
          value={amount}
          onValue={(value) => {
            setError(null);
            setAmount(cleanAmount(value, loan.collateral_precision));
          }}
          placeholder={t('finance:borrow.decimals', { decimals: loan.collateral_precision })}
        />
        <button
          type="button"
          className={styles.max}
          disabled={available === null || new Money(available).lte(0)}
          onClick={() => available !== null && setAmount(new Money(available).toFixed())}
          data-testid="add-max"
        >
          {t('assets:exchange.max')}
        </button>
      </Field>
      <HealthBar
        ltv={collateral ? loanLtv(loan.debt, collateral, price) : loanLtv(loan.debt, loan.collateral, price)}
        rules={rules}
        label={t(collateral ? 'finance:borrow.add.ltv_after' : 'finance:borrow.ltv')}
        testId="add-ltv"
      />
      <Rows
        rows={[
          [t('finance:borrow.loans.collateral'), collateral ? coin(collateral.toFixed(loan.collateral_precision)) : coin(loan.collateral), 'add-collateral'],
          [
            t('finance:borrow.liquidation_price', { ltv: percent(rules.liquidation_ltv, lang, 2) }),
            formatAmount(liquidation ? liquidation.toFixed(decimalsOf(loan.price)) : loan.liquidation_price, lang),
            'add-liquidation',
          ],
        ]}
      />
      <PrimaryButton type="submit" busy={busy} testId="add-confirm">
        {t('finance:borrow.add.submit')}
      </PrimaryButton>
    </Form>
  );
}
