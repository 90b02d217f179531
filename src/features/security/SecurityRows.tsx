import { useT } from '../../i18n';
import { useLoad } from '../../lib/useLoad';
import { api } from '../../api/client';
import { Cell, CellGroup } from '../../ui/Cell';
import { BillsIcon, WithdrawIcon } from '../../ui/icons';
import { KeyIcon, PhoneIcon, ShieldIcon } from '../../ui/icons-later';

/** The account security rows of the security settings: what protects the account now, and where each is managed. */
export function SecurityRows() {
  const t = useT();
  const { data } = useLoad(() => api('GET /security/overview', {}, { silent: true }));
  const onOff = (on: boolean | undefined) => (on === undefined ? '' : on ? t('security:rows.on') : t('security:rows.off'));
  return (
    <CellGroup title={t('security:rows.group')}>
      <Cell icon={<ShieldIcon />} title={t('security:rows.totp')} value={onOff(data?.totp_enabled)} to="/pages/setting/totp" testId="totp-cell" />
      <Cell
        icon={<KeyIcon />}
        title={t('security:rows.passkeys')}
        value={data ? (data.passkeys > 0 ? String(data.passkeys) : t('security:rows.none')) : ''}
        to="/pages/setting/passkeys"
        testId="passkeys-cell"
      />
      <Cell icon={<PhoneIcon />} title={t('security:rows.sessions')} value={data ? String(data.sessions) : ''} to="/pages/setting/sessions" testId="sessions-cell" />
      <Cell icon={<BillsIcon />} title={t('security:rows.logins')} to="/pages/setting/logins" testId="logins-cell" />
      <Cell icon={<WithdrawIcon />} title={t('security:rows.whitelist')} value={onOff(data?.whitelist_on)} to="/pages/setting/wallet" testId="whitelist-cell" />
    </CellGroup>
  );
}
