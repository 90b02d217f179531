import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ApiOutput } from '../../../contract/api';
import { api } from '../../api/client';
import { language, useT } from '../../i18n';
import { formatAmount } from '../../../contract/format';
import { useSubmit } from '../../lib/useSubmit';
import { Field, Form, PrimaryButton, Segmented, TextInput } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import { toast } from '../../ui/toast';
import { ImagePicker } from '../assets/ImagePicker';
import styles from '../assets/assets.module.css';

type IdType = 'id_card' | 'passport' | 'driving_licence';
type State = 'none' | 'pending' | 'approved' | 'rejected';

/** Identity verification: level 1 (document), then level 2 (photos), each reviewed. */
export function RealScreen() {
  const t = useT();
  const [state, setState] = useState<ApiOutput<'GET /real/state'> | null>(null);
  const [idType, setIdType] = useState<IdType>('id_card');
  const [name, setName] = useState('');
  const [cardId, setCardId] = useState('');
  const [front, setFront] = useState('');
  const [back, setBack] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'name' | 'cardId' | 'photos', string>>>({});
  const [busy, run] = useSubmit();
  const load = () =>
    void api('GET /real/state', {})
      .then(setState)
      .catch(() => undefined);
  useEffect(load, []);

  if (!state) return <Screen title={t('settings:real.title')}>{null}</Screen>;
  const next = state.level + 1;
  const pending = state.state === 'pending';

  const submitLevel1 = () =>
    run(async () => {
      const found = {
        ...(name.trim().length >= 2 ? {} : { name: t('validation:real_name_rule') }),
        ...(/^[A-Za-z0-9-]{4,30}$/.test(cardId) ? {} : { cardId: t('validation:card_id_rule') }),
      };
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      toast(await api('POST /user/real', { real_type: 1, id_type: idType, name: name.trim(), card_id: cardId }));
      load();
    });

  const submitLevel2 = () =>
    run(async () => {
      const found = front && back ? {} : { photos: t('validation:fields.front_pic') };
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      toast(await api('POST /user/real', { real_type: 2, front_pic: front, reverse_pic: back }));
      load();
    });

  return (
    <Screen title={t('settings:real.title')}>
      <div className={styles.page}>
        <section className={styles.card} data-testid="real-state">
          <strong style={{ fontSize: 17 }}>{t(`settings:real.levels.${String(state.level) as '0'}`)}</strong>
          <p className={styles.note} style={{ marginTop: 6 }}>
            {t(`settings:real.states.${state.state as State}`)}
            {state.name ? ` · ${t('settings:real.verified_name', { name: state.name })}` : ''}
          </p>
          <p className={styles.note} style={{ marginTop: 6 }}>
            {state.level > 0
              ? t('settings:real.limits', { btc: formatAmount(state.withdraw_limit_btc, language.value), usdt: formatAmount(state.otc_limit_usdt, language.value) })
              : t('settings:real.limits_none')}
          </p>
          {pending && (
            <p className={styles.note} style={{ marginTop: 6, color: 'var(--accent)' }}>
              {t('settings:real.pending', { level: state.pending_level ?? next })}
            </p>
          )}
          {state.state === 'rejected' && (
            <p className={styles.warning} style={{ marginTop: 10 }}>
              {t('settings:real.rejected', { reason: state.reason })}
            </p>
          )}
        </section>
        {(!state.mobile_bound || !state.email_bound) && (
          <section className={styles.card}>
            <p className={styles.note}>{t('settings:real.contacts')}</p>
            <div className={styles.chips} style={{ marginTop: 10 }}>
              {!state.mobile_bound && (
                <Link to="/pages/setting/mobile" className={styles.chip}>
                  {t('settings:real.bind_mobile')}
                </Link>
              )}
              {!state.email_bound && (
                <Link to="/pages/setting/email" className={styles.chip}>
                  {t('settings:real.bind_email')}
                </Link>
              )}
            </div>
          </section>
        )}
        {state.level >= 2 && <p className={styles.note}>{t('settings:real.done')}</p>}
      </div>
      {!pending && next === 1 && (
        <Form onSubmit={() => void submitLevel1()}>
          <strong>{t('settings:real.level1')}</strong>
          <Segmented options={(['id_card', 'passport', 'driving_licence'] as const).map((value) => ({ value, label: t(`settings:real.id_types.${value}`) }))} value={idType} onChange={setIdType} />
          <Field label={t('settings:real.name')} error={errors.name}>
            <TextInput name="name" value={name} onValue={setName} maxLength={60} placeholder={t('settings:real.name_placeholder')} />
          </Field>
          <Field label={t('settings:real.card_id')} error={errors.cardId}>
            <TextInput name="card_id" value={cardId} onValue={(v) => setCardId(v.replace(/[^A-Za-z0-9-]/g, '').toUpperCase())} maxLength={30} placeholder={t('settings:real.card_id_placeholder')} />
          </Field>
          <PrimaryButton type="submit" busy={busy} testId="real-submit-1">
            {t('settings:real.submit')}
          </PrimaryButton>
        </Form>
      )}
      {!pending && next === 2 && (
        <Form onSubmit={() => void submitLevel2()}>
          <strong>{t('settings:real.level2')}</strong>
          <p className={styles.note}>{t('settings:real.front')}</p>
          <ImagePicker value={front} onValue={setFront} label={t('settings:real.upload')} testId="real-front" />
          <p className={styles.note}>{t('settings:real.back')}</p>
          <ImagePicker value={back} onValue={setBack} label={t('settings:real.upload')} testId="real-back" />
          {errors.photos && (
            <p role="alert" style={{ color: 'var(--danger)', fontSize: 12, margin: 0 }}>
              {t('server:errors.identity_photos', { defaultValue: errors.photos })}
            </p>
          )}
          <PrimaryButton type="submit" busy={busy} testId="real-submit-2">
            {t('settings:real.submit')}
          </PrimaryButton>
        </Form>
      )}
    </Screen>
  );
}
