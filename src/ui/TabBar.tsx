import { Link, useRouterState } from '@tanstack/react-router';
import { TABS, tabOf } from '../app/tabs';
import { useT } from '../i18n';
import styles from './TabBar.module.css';

/** The bottom tab bar (spec 2): white labels, light orange when selected, rgb(20,21,26). */
export function TabBar() {
  const t = useT();
  const path = useRouterState({ select: (state) => state.location.pathname });
  const current = tabOf(path);
  if (!current) return null;
  return (
    <nav className={styles.bar} data-testid="tab-bar">
      {TABS.map((tab) => {
        const Icon = tab.icon;
        const active = tab.key === current.key;
        return (
          <Link key={tab.key} to={tab.path} className={`${styles.tab} ${active ? styles.active : ''}`} data-testid={`tab-${tab.key}`} aria-current={active ? 'page' : undefined}>
            <Icon size={22} />
            <span className={styles.label}>{t(`common:tabs.${tab.key}`)}</span>
          </Link>
        );
      })}
    </nav>
  );
}
