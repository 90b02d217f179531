import { useSignals } from '@preact/signals-react/runtime';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { useT } from '../../i18n';
import { useSubmit } from '../../lib/useSubmit';
import { Field, Form, PrimaryButton, TextInput } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import { toast } from '../../ui/toast';
import { ImagePicker } from './ImagePicker';
import { coins, loadCoins } from './wallet';
import styles from './assets.module.css';

/** Add a withdrawal address: coin and network, a name, the address and its QR image (all required). */
export function AddAddressScreen() {
  useSignals();
  const t = useT();
  const router = useRouter();
  useEffect(() => void loadCoins(), []);
  const [choice, setChoice] = useState('');
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  const [qrcode, setQrcode] = useState('');
  const [errors, setErrors] = useState<{ name?: string; address?: string; qrcode?: string }>({});
  const [busy, run] = useSubmit();
  const options = coins.value;
  const selected = options.find((c) => `${c.id}:${c.type}` === choice) ?? options[0];

  const submit = () =>
    run(async () => {
      const found = {
        ...(name.trim() ? {} : { name: t('validation:address_name_rule') }),
        ...(address.trim().length >= 20 ? {} : { address: t('validation:address_invalid') }),
        ...(qrcode ? {} : { qrcode: t('validation:qrcode_required') }),
      };
      setErrors(found);
      if (Object.keys(found).length > 0 || !selected) return;
      toast(await api('POST /user/wallet/save', { currency: selected.id, network: selected.type, name: name.trim(), address: address.trim(), qrcode }));
      router.history.back();
    });

  return (
    <Screen title={t('assets:book.add_title')}>
      <Form onSubmit={() => void submit()}>
        <Field label={t('assets:book.coin')}>
          <select className={styles.select} value={selected ? `${selected.id}:${selected.type}` : ''} onChange={(event) => setChoice(event.target.value)} data-testid="address-coin">
            {options.map((coin) => (
              <option key={`${coin.id}:${coin.type}`} value={`${coin.id}:${coin.type}`}>
                {coin.name} · {coin.type}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('assets:book.name')} error={errors.name}>
          <TextInput name="name" value={name} onValue={setName} maxLength={30} placeholder={t('assets:book.name_placeholder')} />
        </Field>
        <Field label={t('assets:book.address')} error={errors.address}>
          <TextInput name="address" value={address} onValue={(v) => setAddress(v.trim())} maxLength={100} autoCapitalize="off" spellCheck={false} placeholder={t('assets:book.address_placeholder')} />
        </Field>
        <div>
          <p className={styles.note} style={{ marginBottom: 6 }}>
            {t('assets:book.qrcode')}
          </p>
          <ImagePicker value={qrcode} onValue={setQrcode} label={t('assets:book.qrcode_add')} testId="address-qr" />
          {errors.qrcode && (
            <p role="alert" style={{ color: 'var(--danger)', fontSize: 12, margin: '6px 0 0' }}>
              {errors.qrcode}
            </p>
          )}
        </div>
        <PrimaryButton type="submit" busy={busy} testId="address-save">
          {t('assets:book.save')}
        </PrimaryButton>
      </Form>
    </Screen>
  );
}
