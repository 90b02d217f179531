import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { api, uploadFile } from '../../api/client';
import { user } from '../../app/session';
import { useT } from '../../i18n';
import { maskEmail, maskMobile } from '../../lib/mask';
import { useSubmit } from '../../lib/useSubmit';
import { checks, validate } from '../../lib/validate';
import { Avatar } from '../../ui/Avatar';
import { Cell, CellGroup } from '../../ui/Cell';
import { Field, Form, PrimaryButton, TextInput } from '../../ui/form';
import { CameraIcon, CopyIcon } from '../../ui/icons-later';
import { copyText } from '../../ui/clipboard';
import { Screen } from '../../ui/Screen';
import { toast } from '../../ui/toast';
import { refreshUser } from '../auth/actions';
import styles from './settings.module.css';

export function ProfileScreen() {
  useSignals();
  const t = useT();
  const me = user.value;
  const fileInput = useRef<HTMLInputElement>(null);
  const [nickname, setNickname] = useState(me?.nickname ?? '');
  const [signature, setSignature] = useState(me?.signature ?? '');
  const [errors, setErrors] = useState<Partial<Record<'nickname' | 'signature', string>>>({});
  const [busy, run] = useSubmit();
  const [uploading, runUpload] = useSubmit();

  // The fresh profile fills the fields unless the user has started typing: a late
  // answer must not overwrite what they entered.
  const edited = useRef(false);
  useEffect(() => {
    void refreshUser()
      .then(() => {
        if (edited.current) return;
        setNickname(user.value?.nickname ?? '');
        setSignature(user.value?.signature ?? '');
      })
      .catch(() => undefined);
  }, []);
  const editNickname = (value: string) => {
    edited.current = true;
    setNickname(value);
  };
  const editSignature = (value: string) => {
    edited.current = true;
    setSignature(value);
  };

  if (!me) return <Screen title={t('settings:profile.title')}>{null}</Screen>;

  const changeAvatar = async (file: File) => {
    await runUpload(async () => {
      const address = await uploadFile(file, file.name);
      await api('POST /user/uploadHeadPortrait', { head_portrait: address });
      await refreshUser();
      toast(t('settings:profile.avatar_saved'));
    });
  };

  const save = async () => {
    const found = validate({ nickname: [nickname, checks.nickname], signature: [signature, checks.signature] });
    setErrors(found ?? {});
    if (found) return;
    await run(async () => {
      toast(await api('POST /user/editNickname', { nickname, signature }));
      await refreshUser();
    });
  };

  const copyInvite = () => copyText(me.invite_code);

  return (
    <Screen title={t('settings:profile.title')}>
      <div className={styles.avatarRow}>
        <button
          type="button"
          className={styles.avatarButton}
          onClick={() => fileInput.current?.click()}
          aria-label={t('settings:profile.change_avatar')}
          disabled={uploading}
          data-testid="change-avatar"
        >
          <Avatar src={me.head_portrait} name={me.nickname} size={84} />
          <span className={styles.camera}>
            <CameraIcon size={16} />
          </span>
        </button>
        <input
          ref={fileInput}
          className={styles.hiddenInput}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          data-testid="avatar-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void changeAvatar(file);
          }}
        />
      </div>
      <Form onSubmit={() => void save()}>
        <Field label={t('settings:profile.nickname')} error={errors.nickname}>
          <TextInput name="nickname" placeholder={t('settings:profile.nickname_placeholder')} value={nickname} onValue={editNickname} maxLength={10} />
        </Field>
        <Field label={t('settings:profile.signature')} error={errors.signature}>
          <TextInput name="signature" placeholder={t('settings:profile.signature_placeholder')} value={signature} onValue={editSignature} maxLength={30} />
        </Field>
        <PrimaryButton type="submit" busy={busy} testId="save-profile">
          {t('settings:profile.save')}
        </PrimaryButton>
      </Form>
      <CellGroup>
        <Cell title={t('settings:profile.uid')} value={String(me.uid)} />
        <Cell
          title={t('settings:profile.invite_code')}
          value={
            <button type="button" className={styles.copy} onClick={() => void copyInvite()} aria-label={`${me.invite_code} ${t('common:copy')}`}>
              {me.invite_code}
              <CopyIcon size={16} />
            </button>
          }
        />
        <Cell title={t('settings:profile.account')} value={me.email ? maskEmail(me.email) : me.mobile ? maskMobile(me.area_code, me.mobile) : ''} />
        <Cell title={t('settings:profile.credit_score')} value={<span data-testid="credit-score">{me.credit_score}</span>} />
      </CellGroup>
    </Screen>
  );
}
