import { Link } from '@tanstack/react-router';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { LANGUAGE_NAMES } from '../../../contract/languages';
import { fiat } from '../../app/fiat';
import { siteConfig } from '../../app/site';
import { user } from '../../app/session';
import { language, useT } from '../../i18n';
import { Avatar } from '../../ui/Avatar';
import { Cell, CellGroup } from '../../ui/Cell';
import { ConfirmDialog } from '../../ui/Dialog';
import { PrimaryButton } from '../../ui/form';
import { AssetsIcon, GlobeIcon } from '../../ui/icons';
import { ChevronRightIcon, CurrencyIcon, ShieldIcon, UserIcon } from '../../ui/icons-later';
import { Screen } from '../../ui/Screen';
import { toast } from '../../ui/toast';
import { logout, refreshUser } from '../auth/actions';
import { HelpMenu } from '../content/ContentScreens';
import { AppearanceSettings } from './AppearanceSettings';
import styles from './settings.module.css';

export function SettingsScreen() {
  useSignals();
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    void refreshUser().catch(() => undefined);
  }, []);
  const me = user.value;

  return (
    <Screen title={t('settings:settings.title')}>
      {me && (
        <Link to="/pages/setting/userInfo" className={styles.card} data-testid="profile-card">
          <Avatar src={me.head_portrait} name={me.nickname} size={52} />
          <span className={styles.cardText}>
            <strong className={styles.cardName}>{me.nickname}</strong>
            <span className={styles.cardSub}>{t('common:home.uid', { uid: me.uid })}</span>
          </span>
          <ChevronRightIcon size={18} className={styles.dim} />
        </Link>
      )}
      <CellGroup title={t('settings:settings.account')}>
        <Cell icon={<UserIcon />} title={t('settings:settings.profile')} to="/pages/setting/userInfo" />
        <Cell icon={<ShieldIcon />} title={t('settings:settings.security')} to="/pages/setting/security" />
        <Cell icon={<UserIcon />} title={t('settings:settings.verification')} to="/pages/setting/real" testId="settings-real" />
      </CellGroup>
      <CellGroup title={t('settings:settings.funds')}>
        <Cell icon={<AssetsIcon />} title={t('settings:settings.addresses')} to="/pages/setting/wallet" />
        <Cell icon={<CurrencyIcon />} title={t('settings:settings.coupons')} to="/pages/setting/coupon" />
        <Cell icon={<AssetsIcon />} title={t('people:settings.bank')} to="/pages/setting/bank" testId="settings-bank" />
        <Cell icon={<GlobeIcon />} title={t('people:settings.bank_international')} to="/pages/setting/bank_international" testId="settings-bank-international" />
      </CellGroup>
      <CellGroup title={t('people:share.title')}>
        <Cell icon={<UserIcon />} title={t('people:settings.share')} to="/pages/setting/share" testId="settings-share" />
        <Cell icon={<UserIcon />} title={t('people:settings.invite')} to="/pages/setting/invite" testId="settings-invite" />
      </CellGroup>
      <CellGroup title={t('settings:settings.preferences')}>
        <Cell icon={<GlobeIcon />} title={t('settings:settings.language')} value={LANGUAGE_NAMES[language.value]} to="/pages/setting/language" />
        <Cell icon={<CurrencyIcon />} title={t('settings:settings.currency')} value={fiat.value} to="/pages/setting/currency" />
      </CellGroup>
      <AppearanceSettings />
      <HelpMenu title={t('content:help_title')} />
      <CellGroup title={t('settings:settings.about')}>
        <Cell title={t('settings:settings.version')} value={siteConfig.value?.version ?? ''} />
      </CellGroup>
      <div className={styles.actions}>
        <PrimaryButton variant="danger" onClick={() => setConfirming(true)} testId="logout">
          {t('settings:settings.logout')}
        </PrimaryButton>
      </div>
      <ConfirmDialog
        open={confirming}
        message={t('settings:settings.logout_confirm')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void logout().then(() => toast(t('settings:settings.logged_out')));
        }}
      />
    </Screen>
  );
}
