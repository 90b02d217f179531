import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ApiOutput } from '../../../contract/api';
import { api } from '../../api/client';
import { language, useT } from '../../i18n';
import { formatAmount } from '../../../contract/format';
import { cleanAmount } from '../../lib/amount';
import { useSubmit } from '../../lib/useSubmit';
import { Field, Form, PrimaryButton, TextInput } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import { toast } from '../../ui/toast';
import { FiatValue } from './FiatValue';
import { ACCOUNT_ORDER, loadUsdPrices, usdPrices, type AccountKind } from './wallet';
import styles from './assets.module.css';
import { useRequestIds } from '../../lib/requestId';

/** Moving funds between one's own accounts (coin, futures, options, fiat). */
export function MoveScreen() {
  useSignals();
  const t = useT();
  const [currencies, setCurrencies] = useState<ApiOutput<'GET /currency/user_currency_list'>>([]);
  const [from, setFrom] = useState<AccountKind>('change');
  const [to, setTo] = useState<AccountKind>('lever');
  const [currencyId, setCurrencyId] = useState(3);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, run] = useSubmit();

  const load = () =>
    void api('GET /currency/user_currency_list', {})
      .then(setCurrencies)
      .catch(() => undefined);
  useEffect(load, []);
  useEffect(() => void loadUsdPrices([currencyId]), [currencyId]);
  const currency = currencies.find((c) => c.currency_id === currencyId);
  const available = currency?.available[from] ?? '0';

  const accountSelect = (value: AccountKind, onChange: (kind: AccountKind) => void, testId: string) => (
    <select value={value} onChange={(event) => onChange(event.target.value as AccountKind)} data-testid={testId}>
      {ACCOUNT_ORDER.map((kind) => (
        <option key={kind} value={kind}>
          {t(`assets:account_long.${kind}`)}
        </option>
      ))}
    </select>
  );

  // One move per submission, even if it has to be sent again.
  const requestIds = useRequestIds();
  const submit = () =>
    run(async () => {
      setError(Number(amount) > 0 ? undefined : t('validation:amount_invalid'));
      if (!(Number(amount) > 0)) return;
      const body = { currency_id: currencyId, number: amount, from_field: from, to_field: to };
      toast(await api('POST /wallet/change', { ...body, request_id: requestIds.for(body) }));
      requestIds.done();
      setAmount('');
      load();
    });

  return (
    <Screen title={t('assets:move.title')} right={<Link to="/pages/fund/transfer_history">{t('assets:move.history')}</Link>}>
      <Form onSubmit={() => void submit()}>
        <div className={styles.accountPicker}>
          <label className={styles.accountBox}>
            <span>{t('assets:move.from')}</span>
            {accountSelect(from, setFrom, 'move-from')}
          </label>
          <button
            type="button"
            className={styles.swap}
            onClick={() => {
              setFrom(to);
              setTo(from);
            }}
            aria-label={t('assets:move.swap')}
          >
            ⇅
          </button>
          <label className={styles.accountBox}>
            <span>{t('assets:move.to')}</span>
            {accountSelect(to, setTo, 'move-to')}
          </label>
        </div>
        <Field label={t('assets:move.coin')}>
          <select className={styles.select} value={currencyId} onChange={(event) => setCurrencyId(Number(event.target.value))} data-testid="move-coin">
            {currencies.map((c) => (
              <option key={c.currency_id} value={c.currency_id}>
                {c.code}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label={t('assets:move.amount')}
          error={error}
          hint={
            <>
              {t('assets:move.available', { amount: formatAmount(available, language.value), coin: currency?.code ?? '' })}
              <FiatValue amount={currency ? available : null} usdPrice={usdPrices.value[currencyId]} testId="move-available-fiat" />
            </>
          }
        >
          <TextInput name="amount" inputMode="decimal" value={amount} onValue={(v) => setAmount(cleanAmount(v, currency?.precision ?? 6))} placeholder="0" />
          <FiatValue amount={amount} usdPrice={usdPrices.value[currencyId]} testId="move-amount-fiat" />
          <button type="button" className={styles.link} style={{ padding: '0 10px' }} onClick={() => setAmount(available)}>
            {t('assets:move.max')}
          </button>
        </Field>
        <PrimaryButton type="submit" busy={busy} testId="move-submit">
          {t('assets:move.submit')}
        </PrimaryButton>
      </Form>
    </Screen>
  );
}
