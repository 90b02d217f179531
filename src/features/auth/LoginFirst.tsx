import { useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LOGIN_PATH, navigate, redirectAfterToast } from '../../app/navigation';
import { tabOf } from '../../app/tabs';
import { useT } from '../../i18n';
import { PrimaryButton } from '../../ui/form';
import { Screen } from '../../ui/Screen';
import { toast } from '../../ui/toast';
import styles from './auth.module.css';

/**
 * What a visitor sees on a screen that needs an account (spec 2 and 8): the screen's frame
 * (the navigation bar, or the tab bar of a tab) at once, "please log in first", and the
 * login screen after 1200 ms, which brings them back here once logged in. Never a blank
 * screen while the redirect waits.
 */
export function LoginFirst() {
  const t = useT();
  const location = useLocation();
  const tab = tabOf(location.pathname);
  useEffect(() => {
    // On the way to the login already (a 999 answer sends there too, and the router moves
    // before this screen leaves): nothing to say, and no login coming back to the login.
    if (location.pathname === LOGIN_PATH) return;
    toast(t('common:login_first'));
    const back = { redirect: location.href };
    redirectAfterToast(() => navigate(LOGIN_PATH, back));
    // Once per visit of the screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.href]);
  return (
    <Screen title="" nav={!tab} tab={Boolean(tab)}>
      <div className={styles.loginFirst} data-testid="login-first">
        <p>{t('common:login_first')}</p>
        <PrimaryButton onClick={() => navigate(LOGIN_PATH, { redirect: location.href })} testId="login-first-go">
          {t('common:home.login')}
        </PrimaryButton>
      </div>
    </Screen>
  );
}
