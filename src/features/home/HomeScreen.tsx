import { Link } from '@tanstack/react-router';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { siteLogo, siteName } from '../../app/site';
import { AlertBell } from '../../app/alerts';
import { loggedIn, user } from '../../app/session';
import { useT } from '../../i18n';
import { Avatar } from '../../ui/Avatar';
import { PrimaryButton } from '../../ui/form';
import { GlobeIcon, SettingsIcon } from '../../ui/icons';
import { Screen } from '../../ui/Screen';
import { Skeleton } from '../../ui/Skeleton';
import { AfterFirstPaint } from '../../lib/afterPaint';
import { refreshUser } from '../auth/actions';
import { Banners, NewsList, PopNotice } from '../content/HomeContent';
import { LiveQuotes } from './LiveQuotes';
import { PaperNote } from './PaperNote';
import { Shortcuts } from './Shortcuts';
import { navigate } from '../../app/navigation';
import styles from './HomeScreen.module.css';

/** The home tab: the site's name and logo, the account, and the way in for visitors. */
export function HomeScreen() {
  useSignals();
  const t = useT();
  useEffect(() => {
    void refreshUser().catch(() => undefined);
  }, []);
  const me = user.value;

  return (
    <Screen nav={false} tab>
      <header className={styles.header}>
        <img className={styles.logo} src={siteLogo()} alt="" />
        <span className={styles.name} data-testid="site-name">
          {siteName()}
        </span>
        <Link to="/pages/setting/language" className={styles.iconLink} aria-label={t('common:shortcuts.language')}>
          <GlobeIcon />
        </Link>
        {loggedIn.value && (
          <Link to="/pages/alerts/inbox" className={styles.iconLink} data-testid="home-alerts">
            <AlertBell />
          </Link>
        )}
        {loggedIn.value && (
          <Link to="/pages/setting/setting" className={styles.iconLink} aria-label={t('common:home.settings')} data-testid="open-settings">
            <SettingsIcon />
          </Link>
        )}
      </header>
      {loggedIn.value && me ? (
        <Link to="/pages/setting/setting" className={styles.account} data-testid="home-account">
          <Avatar src={me.head_portrait} name={me.nickname} size={46} />
          <span className={styles.accountText}>
            <strong>{t('common:home.hello', { name: me.nickname })}</strong>
            <span className={styles.muted}>{t('common:home.uid', { uid: me.uid })}</span>
          </span>
        </Link>
      ) : (
        <section className={styles.welcome}>
          <h2 className={styles.title}>{t('common:home.welcome', { site: siteName() })}</h2>
          <PaperNote className={styles.muted} welcome />
          <div className={styles.buttons}>
            <PrimaryButton onClick={() => navigate('/pages/common/register')} testId="home-register">
              {t('common:home.register')}
            </PrimaryButton>
            <PrimaryButton variant="secondary" onClick={() => navigate('/pages/common/login')} testId="home-login">
              {t('common:home.login')}
            </PrimaryButton>
          </div>
        </section>
      )}
      <Banners />
      <Shortcuts />
      {/* Below the fold on a phone: rendered once the top has painted (its banner is the largest text). */}
      <AfterFirstPaint placeholder={<Skeleton shape="quote" count={4} />}>
        <LiveQuotes />
        <NewsList />
      </AfterFirstPaint>
      <PaperNote className={styles.note} />
      <PopNotice />
    </Screen>
  );
}
