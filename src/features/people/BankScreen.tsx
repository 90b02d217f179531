import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { useT } from '../../i18n';
import { useSubmit } from '../../lib/useSubmit';
import { Field, Form, PrimaryButton, TextInput } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import { toast } from '../../ui/toast';
import styles from './people.module.css';

export type CardKind = 'domestic' | 'international';

/**
 * The fields of each kind of card, in the order the form asks for them, with the
 * message each one gives when it is missing or wrong (the server's, spec 3 and 5).
 * International cards keep the spec's field names: alipay_account is the ABA number,
 * wechat_account the cardholder address, bank_dizhi the bank address.
 */
const FIELDS = {
  domestic: [
    { name: 'real_name', label: 'people:bank.fields.domestic.real_name', rule: 'card_holder_required', pattern: /^.{1,60}$/ },
    { name: 'bank_name', label: 'people:bank.fields.domestic.bank_name', rule: 'bank_name_required', pattern: /^.{1,100}$/ },
    { name: 'bank_network', label: 'people:bank.fields.domestic.bank_network', rule: 'bank_branch_required', pattern: /^.{1,100}$/ },
    { name: 'bank_account', label: 'people:bank.fields.domestic.bank_account', rule: 'bank_account_invalid', pattern: /^[A-Za-z0-9 -]{6,34}$/ },
    { name: 'bank_dizhi', label: 'people:bank.fields.domestic.bank_dizhi', rule: 'bank_region_required', pattern: /^.{1,200}$/ },
    { name: 'phone', label: 'people:bank.fields.domestic.phone', rule: 'card_phone_invalid', pattern: /^\+?[0-9 -]{5,20}$/ },
  ],
  international: [
    { name: 'real_name', label: 'people:bank.fields.international.real_name', rule: 'card_holder_required', pattern: /^.{1,60}$/ },
    { name: 'wechat_account', label: 'people:bank.fields.international.wechat_account', rule: 'holder_address_required', pattern: /^.{1,200}$/ },
    { name: 'bank_name', label: 'people:bank.fields.international.bank_name', rule: 'bank_name_required', pattern: /^.{1,100}$/ },
    { name: 'bank_dizhi', label: 'people:bank.fields.international.bank_dizhi', rule: 'bank_address_required', pattern: /^.{1,200}$/ },
    { name: 'bank_account', label: 'people:bank.fields.international.bank_account', rule: 'bank_account_invalid', pattern: /^[A-Za-z0-9 -]{6,34}$/ },
    { name: 'alipay_account', label: 'people:bank.fields.international.alipay_account', rule: 'aba_number_invalid', pattern: /^[0-9]{9}$/ },
    { name: 'swift_code', label: 'people:bank.fields.international.swift_code', rule: 'swift_code_invalid', pattern: /^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$/ },
    { name: 'phone', label: 'people:bank.fields.international.phone', rule: 'card_phone_invalid', pattern: /^\+?[0-9 -]{5,20}$/ },
  ],
} as const;

type Values = Record<string, string>;

/** Bank card (spec: setting/bank) and card abroad (setting/bank_international). */
export function BankScreen({ kind }: { kind: CardKind }) {
  const t = useT();
  const router = useRouter();
  const fields = FIELDS[kind];
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<Values>({});
  const [saved, setSaved] = useState(false);
  const [busy, run] = useSubmit();

  useEffect(() => {
    const load = kind === 'domestic' ? api('POST /user/cash_info', {}, { silent: true }) : api('POST /user/cash_info_international', {}, { silent: true });
    void load.then(
      (card) => {
        if (!card) return;
        const { updated_at: _, ...rest } = card;
        // What the user has already typed wins over the card on file.
        setValues((current) => ({ ...rest, ...current }));
        setSaved(true);
      },
      () => undefined,
    );
  }, [kind]);

  const submit = () =>
    run(async () => {
      const trimmed = Object.fromEntries(fields.map((field) => [field.name, (values[field.name] ?? '').trim()]));
      const found: Values = {};
      for (const field of fields) if (!field.pattern.test(trimmed[field.name] ?? '')) found[field.name] = t(`validation:${field.rule}`);
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      const answer =
        kind === 'domestic'
          ? await api('POST /user/cash_save', {
              real_name: trimmed['real_name'] ?? '',
              bank_name: trimmed['bank_name'] ?? '',
              bank_network: trimmed['bank_network'] ?? '',
              bank_account: trimmed['bank_account'] ?? '',
              bank_dizhi: trimmed['bank_dizhi'] ?? '',
              phone: trimmed['phone'] ?? '',
            })
          : await api('POST /user/cash_save_international', {
              real_name: trimmed['real_name'] ?? '',
              wechat_account: trimmed['wechat_account'] ?? '',
              bank_name: trimmed['bank_name'] ?? '',
              bank_dizhi: trimmed['bank_dizhi'] ?? '',
              bank_account: trimmed['bank_account'] ?? '',
              alipay_account: trimmed['alipay_account'] ?? '',
              swift_code: (trimmed['swift_code'] ?? '').toUpperCase(),
              phone: trimmed['phone'] ?? '',
            });
      toast(answer);
      router.history.back();
    });

  return (
    <Screen title={t(`people:bank.${kind}_title`)}>
      <p className={styles.note}>{t(saved ? 'people:bank.saved_note' : 'people:bank.note')}</p>
      <Form onSubmit={() => void submit()}>
        {fields.map((field) => (
          <Field key={field.name} label={t(field.label)} error={errors[field.name]}>
            <TextInput
              name={field.name}
              value={values[field.name] ?? ''}
              onValue={(value) => {
                setValues((current) => ({ ...current, [field.name]: value }));
                setErrors(({ [field.name]: _, ...rest }) => rest);
              }}
              inputMode={field.name === 'phone' ? 'tel' : field.name === 'alipay_account' ? 'numeric' : undefined}
              autoCapitalize={field.name === 'swift_code' ? 'characters' : undefined}
              placeholder={t(`people:bank.placeholders.${field.name}`)}
            />
          </Field>
        ))}
        <PrimaryButton type="submit" busy={busy} testId="bank-save">
          {t('people:bank.save')}
        </PrimaryButton>
      </Form>
    </Screen>
  );
}
