import { Link } from '@tanstack/react-router';
import { useSignals } from '@preact/signals-react/runtime';
import { useT } from '../../i18n';
import { Field, Segmented, TextInput } from '../../ui/form';
import { ChevronDownIcon } from '../../ui/icons-later';
import { areaCode } from './area';
import styles from './auth.module.css';

export type AccountKind = 'email' | 'mobile';

/** E-mail or mobile (with its area code, default 86), as login, register and reset ask. */
export function AccountInput({
  kind,
  onKind,
  email,
  mobile,
  onEmail,
  onMobile,
  error,
}: {
  kind: AccountKind;
  onKind: (kind: AccountKind) => void;
  email: string;
  mobile: string;
  onEmail: (value: string) => void;
  onMobile: (value: string) => void;
  error?: string | undefined;
}) {
  useSignals();
  const t = useT();
  return (
    <>
      <Segmented
        options={[
          { value: 'email', label: t('auth:kind.email') },
          { value: 'mobile', label: t('auth:kind.mobile') },
        ]}
        value={kind}
        onChange={onKind}
      />
      {kind === 'email' ? (
        <Field label={t('auth:fields.email')} error={error}>
          <TextInput
            name="email"
            type="email"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="off"
            placeholder={t('auth:fields.email_placeholder')}
            value={email}
            onValue={onEmail}
            maxLength={254}
          />
        </Field>
      ) : (
        <Field label={t('auth:fields.mobile')} error={error}>
          <Link to="/pages/common/area" className={styles.area} data-testid="area-code">
            +{areaCode.value}
            <ChevronDownIcon size={16} />
          </Link>
          <TextInput
            name="mobile"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder={t('auth:fields.mobile_placeholder')}
            value={mobile}
            onValue={(value) => onMobile(value.replace(/[^0-9]/g, ''))}
            maxLength={14}
          />
        </Field>
      )}
    </>
  );
}
