import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { user } from '../../app/session';
import { useT } from '../../i18n';
import { maskEmail, maskMobile } from '../../lib/mask';
import { Cell, CellGroup } from '../../ui/Cell';
import { LockIcon, MailIcon, PhoneIcon, ShieldIcon } from '../../ui/icons-later';
import { Screen } from '../../ui/Screen';
import { refreshUser } from '../auth/actions';
import { SecurityRows } from '../security/SecurityRows';
import { WithdrawalHoldNote, withdrawalsHeldUntil } from './protection';
import styles from './settings.module.css';

export function SecurityScreen() {
  useSignals();
  const t = useT();
  useEffect(() => {
    void refreshUser().catch(() => undefined);
  }, []);
  const me = user.value;
  return (
    <Screen title={t('settings:security.title')}>
      {withdrawalsHeldUntil() !== null && (
        <div className={styles.holdRow}>
          <WithdrawalHoldNote />
        </div>
      )}
      <CellGroup>
        <Cell icon={<LockIcon />} title={t('settings:security.login_password')} value={t('settings:security.change')} to="/pages/setting/password" />
        <Cell
          icon={<ShieldIcon />}
          title={t('settings:security.pay_password')}
          value={me?.has_pay_password ? t('settings:security.change') : t('common:not_set')}
          to="/pages/setting/payPassword"
          testId="pay-password-cell"
        />
        <Cell
          icon={<PhoneIcon />}
          title={t('settings:security.mobile')}
          value={me?.mobile ? maskMobile(me.area_code, me.mobile) : t('common:not_bound')}
          to="/pages/setting/mobile"
          testId="mobile-cell"
        />
        <Cell icon={<MailIcon />} title={t('settings:security.email')} value={me?.email ? maskEmail(me.email) : t('common:not_bound')} to="/pages/setting/email" testId="email-cell" />
      </CellGroup>
      <SecurityRows />
    </Screen>
  );
}
