import { useSignals } from '@preact/signals-react/runtime';
import { useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { navigate } from '../../app/navigation';
import { useT } from '../../i18n';
import { cleanAmount } from '../../lib/amount';
import { useSubmit } from '../../lib/useSubmit';
import { Field, Form, PrimaryButton, TextInput } from '../../ui/form';
import { copyText } from '../../ui/clipboard';
import { Screen } from '../../ui/Screen';
import { toast } from '../../ui/toast';
import { ImagePicker } from './ImagePicker';
import { NetworkChips } from './NetworkChips';
import { loadCoins, networksOf } from './wallet';
import styles from './assets.module.css';

type Network = 'BTC' | 'ERC20' | 'TRC20';
const isNetwork = (value: string): value is Network => value === 'BTC' || value === 'ERC20' || value === 'TRC20';

/** Deposit: the user's address and its QR code, and the form to report a payment with its voucher. */
export function ReceiveScreen() {
  useSignals();
  const t = useT();
  const search = useSearch({ from: '/_auth/pages/fund/receive' });
  useEffect(() => void loadCoins(), []);
  const entries = networksOf(search.currency);
  const code = entries[0]?.name ?? '';
  const decimals = entries[0]?.precision ?? 8;
  const networks = entries.map((entry) => entry.type).filter(isNetwork);
  const [chosen, setNetwork] = useState<Network>(search.network);
  const network: Network = networks.includes(chosen) ? chosen : (networks[0] ?? chosen);
  const [address, setAddress] = useState('');
  const [qr, setQr] = useState('');
  const [amount, setAmount] = useState('');
  const [sender, setSender] = useState('');
  const [voucher, setVoucher] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; voucher?: string }>({});
  const [busy, run] = useSubmit();

  useEffect(() => {
    let live = true;
    if (!code) return undefined;
    setAddress('');
    setQr('');
    void api('POST /wallet/get_in_address', { currency: search.currency, network })
      .then(async ({ address: next }) => {
        if (!live) return;
        setAddress(next);
        const { toDataURL } = await import('qrcode');
        const url = await toDataURL(next, { margin: 1, width: 360, errorCorrectionLevel: 'M' });
        if (live) setQr(url);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [search.currency, network, code]);

  const copy = () => copyText(address);

  const submit = () =>
    run(async () => {
      const found = { ...(Number(amount) > 0 ? {} : { amount: t('validation:amount_invalid') }), ...(voucher ? {} : { voucher: t('validation:voucher_required') }) };
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      toast(await api('POST /wallet/charge_req', { currency: search.currency, network, amount, voucher, ...(sender.trim() ? { account: sender.trim() } : {}) }));
      setAmount('');
      setVoucher('');
      navigate('/pages/fund/receive_withdraw_record', { tab: 'deposits' });
    });

  return (
    <Screen title={t('assets:receive.title', { coin: code })}>
      <div className={styles.page}>
        <NetworkChips networks={networks} chosen={network} onChoose={setNetwork} />
        <section className={styles.card}>
          {qr ? <img className={styles.qr} src={qr} alt="" data-testid="deposit-qr" /> : <div className={styles.qr} />}
          <p className={styles.note} style={{ textAlign: 'center', marginBottom: 6 }}>
            {t('assets:receive.address')}
          </p>
          <p className={styles.address} data-testid="deposit-address">
            {address}
          </p>
          <div style={{ marginTop: 14 }}>
            <PrimaryButton variant="secondary" onClick={() => void copy()} disabled={!address}>
              {t('assets:receive.copy')}
            </PrimaryButton>
          </div>
        </section>
        <p className={styles.note}>{t('assets:receive.only', { coin: code, network })}</p>
        <p className={styles.warning}>{t('assets:receive.warning')}</p>
      </div>
      <Form onSubmit={() => void submit()}>
        <strong>{t('assets:receive.report')}</strong>
        <p className={styles.note}>{t('assets:receive.report_intro')}</p>
        <Field label={t('assets:receive.amount')} error={errors.amount}>
          <TextInput name="amount" inputMode="decimal" value={amount} onValue={(v) => setAmount(cleanAmount(v, decimals))} placeholder="0" />
        </Field>
        <Field label={t('assets:receive.sender')}>
          <TextInput name="sender" value={sender} onValue={setSender} maxLength={120} placeholder={t('assets:receive.sender_placeholder')} />
        </Field>
        <div>
          <p className={styles.note} style={{ marginBottom: 6 }}>
            {t('assets:receive.voucher')}
          </p>
          <ImagePicker value={voucher} onValue={setVoucher} label={t('assets:receive.voucher_add')} testId="voucher" />
          {errors.voucher && (
            <p role="alert" style={{ color: 'var(--danger)', fontSize: 12, margin: '6px 0 0' }}>
              {errors.voucher}
            </p>
          )}
        </div>
        <PrimaryButton type="submit" busy={busy} testId="recharge-submit">
          {t('assets:receive.submit')}
        </PrimaryButton>
      </Form>
    </Screen>
  );
}
