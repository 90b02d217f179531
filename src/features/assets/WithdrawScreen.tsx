import { useSignals } from '@preact/signals-react/runtime';
import { useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ApiOutput } from '../../../contract/api';
import { Money, parseAmount } from '../../../contract/money';
import { api } from '../../api/client';
import { navigate } from '../../app/navigation';
import { user } from '../../app/session';
import { language, useT } from '../../i18n';
import { formatAmount } from '../../../contract/format';
import { cleanAmount } from '../../lib/amount';
import { useSubmit } from '../../lib/useSubmit';
import { Field, Form, PasswordInput, PrimaryButton, TextInput } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import { toast } from '../../ui/toast';
import { refreshUser } from '../auth/actions';
import { WithdrawalHoldNote, withdrawalsHeldUntil } from '../settings/protection';
import { FiatValue } from './FiatValue';
import { NetworkChips } from './NetworkChips';
import { loadCoins, networksOf } from './wallet';
import styles from './assets.module.css';
import { useRequestIds } from '../../lib/requestId';
import { WithdrawCode } from '../security/WithdrawCode';
import { isTotpCode } from '../../../contract/rules';

/**
 * Withdraw from the coin account: address (typed or from the book), amount with the
 * network's minimum and fee, pay password. The server checks identity level and limits,
 * and refuses while a change of the account's protection pauses withdrawals (said here too).
 */
export function WithdrawScreen() {
  useSignals();
  const t = useT();
  const search = useSearch({ from: '/_auth/pages/fund/withdraw' });
  const [info, setInfo] = useState<ApiOutput<'POST /wallet/get_info'> | null>(null);
  const [book, setBook] = useState<ApiOutput<'GET /user/wallet/list'>['data']>([]);
  const [identity, setIdentity] = useState<ApiOutput<'GET /real/state'> | null>(null);
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');
  const [payPassword, setPayPassword] = useState('');
  const [totpCode, setTotpCode] = useState('');
  const [errors, setErrors] = useState<{ address?: string; amount?: string; payPassword?: string; totpCode?: string }>({});
  const [busy, run] = useSubmit();

  useEffect(() => {
    void loadCoins();
    void refreshUser().catch(() => undefined);
    void api('POST /wallet/get_info', { currency: search.currency })
      .then(setInfo)
      .catch(() => undefined);
    void api('GET /user/wallet/list', { limit: 50 }, { silent: true })
      .then((page) => setBook(page.data))
      .catch(() => undefined);
    void api('GET /real/state', {}, { silent: true })
      .then(setIdentity)
      .catch(() => undefined);
  }, [search.currency]);

  // One balance, several networks (USDT on ERC20 and TRC20): the chips pick the chain.
  const [chosen, setChosen] = useState(search.network);
  const entries = networksOf(search.currency);
  const entry = entries.find((coin) => coin.type === chosen);
  const network = info?.networks.find((n) => n.network === chosen);
  const decimals = info?.precision ?? 8;
  const parsed = parseAmount(amount, decimals);
  const receive = parsed && network ? Money.max(parsed.minus(network.withdraw_fee), 0).toFixed(decimals) : '--';
  const saved = book.filter((b) => b.currency_id === search.currency && b.network === chosen);

  // One withdrawal per submission, even if it has to be sent again.
  const requestIds = useRequestIds();
  // With the authenticator app on, its code too (server/account-security/).
  const totpOn = user.value?.totp_enabled === true;
  const submit = () =>
    run(async () => {
      const found = {
        ...(address.trim().length >= 20 ? {} : { address: t('validation:address_invalid') }),
        ...(parsed ? {} : { amount: t('validation:amount_invalid') }),
        ...(/^\d{6}$/.test(payPassword) ? {} : { payPassword: t('validation:pay_password_rule') }),
        ...(totpOn && !isTotpCode(totpCode) ? { totpCode: t('validation:totp_code_rule') } : {}),
      };
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      const body = { currency: search.currency, network: chosen, address: address.trim(), amount, pay_password: payPassword, ...(totpOn ? { totp_code: totpCode.trim() } : {}) };
      toast(await api('POST /wallet/out', { ...body, request_id: requestIds.for(body) }));
      requestIds.done();
      navigate('/pages/fund/receive_withdraw_record', { tab: 'withdrawals' });
    });

  if (user.value && !user.value.has_pay_password) {
    return (
      <Screen title={t('assets:withdraw.title', { coin: info?.code ?? entry?.name ?? '' })}>
        <div className={styles.page}>
          <p className={styles.note}>{t('assets:withdraw.no_pay_password')}</p>
          <PrimaryButton onClick={() => navigate('/pages/setting/payPassword')}>{t('assets:withdraw.set_pay_password')}</PrimaryButton>
        </div>
      </Screen>
    );
  }

  return (
    <Screen title={t('assets:withdraw.title', { coin: info?.code ?? entry?.name ?? '' })}>
      <Form onSubmit={() => void submit()}>
        <WithdrawalHoldNote />
        <NetworkChips networks={entries.map((coin) => coin.type)} chosen={chosen} onChoose={setChosen} />
        <Field label={`${t('assets:withdraw.address')} · ${network?.name ?? chosen}`} error={errors.address}>
          <TextInput
            name="address"
            value={address}
            onValue={(v) => setAddress(v.trim())}
            placeholder={t('assets:withdraw.address_placeholder')}
            autoCapitalize="off"
            spellCheck={false}
            maxLength={100}
          />
        </Field>
        {saved.length > 0 && (
          <div className={styles.chips}>
            {saved.map((entryRow) => (
              <button key={entryRow.id} type="button" className={`${styles.chip} ${address === entryRow.address ? styles.chipOn : ''}`} onClick={() => setAddress(entryRow.address)}>
                {entryRow.name}
              </button>
            ))}
          </div>
        )}
        <Field label={t('assets:withdraw.amount')} error={errors.amount} hint={network ? t('assets:withdraw.minimum', { amount: network.min_withdraw, coin: info?.code ?? '' }) : undefined}>
          <TextInput name="amount" inputMode="decimal" value={amount} onValue={(v) => setAmount(cleanAmount(v, decimals))} placeholder="0" />
          <FiatValue amount={parsed?.toFixed()} usdPrice={info?.usd_price} testId="withdraw-amount-fiat" />
          <button type="button" className={styles.link} style={{ padding: '0 10px' }} onClick={() => info && setAmount(info.available)}>
            {t('assets:withdraw.all')}
          </button>
        </Field>
        <div className={styles.rows}>
          <div className={styles.row}>
            <span>
              {t('assets:withdraw.available', { amount: info ? formatAmount(info.available, language.value) : '--', coin: info?.code ?? '' })}
              <FiatValue amount={info?.available} usdPrice={info?.usd_price} testId="withdraw-available-fiat" />
            </span>
          </div>
          {identity && identity.level > 0 && (
            <div className={styles.row}>
              <span data-testid="withdraw-limit">{t('assets:withdraw.limit', { limit: identity.withdraw_limit_btc, level: identity.level })}</span>
            </div>
          )}
          <div className={styles.row}>
            <span>{t('assets:withdraw.fee')}</span>
            <strong>
              {network?.withdraw_fee ?? '--'} {info?.code}
            </strong>
          </div>
          <div className={styles.row}>
            <span>{t('assets:withdraw.receive')}</span>
            <span className={styles.figure}>
              <strong data-testid="withdraw-receive">
                {formatAmount(receive, language.value)} {info?.code}
              </strong>
              <FiatValue amount={receive} usdPrice={info?.usd_price} block testId="withdraw-receive-fiat" />
            </span>
          </div>
        </div>
        <Field label={t('assets:withdraw.pay_password')} error={errors.payPassword}>
          <PasswordInput
            name="pay_password"
            inputMode="numeric"
            autoComplete="off"
            value={payPassword}
            onValue={(v) => setPayPassword(v.replace(/\D/g, '').slice(0, 6))}
            placeholder={t('assets:withdraw.pay_password_placeholder')}
            maxLength={6}
          />
        </Field>
        <WithdrawCode value={totpCode} onValue={setTotpCode} error={errors.totpCode} />
        <PrimaryButton type="submit" busy={busy} disabled={withdrawalsHeldUntil() !== null} testId="withdraw-submit">
          {t('assets:withdraw.submit')}
        </PrimaryButton>
      </Form>
    </Screen>
  );
}
