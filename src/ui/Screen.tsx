import type { ReactNode } from 'react';
import { NavBar } from './NavBar';
import styles from './Screen.module.css';

/** A screen: the navigation bar and its content, faded in (spec 2: about 200 ms). */
export function Screen({
  title,
  back,
  right,
  children,
  nav = true,
  tab = false,
}: {
  title?: ReactNode;
  back?: boolean;
  right?: ReactNode;
  children: ReactNode;
  /** false for screens with their own header (the tabs) */
  nav?: boolean;
  /** leaves room for the tab bar */
  tab?: boolean;
}) {
  return (
    <div className={`${styles.screen} ${tab ? styles.tab : ''}`}>
      {nav && <NavBar title={title} back={back} right={right} />}
      <main className={styles.content}>{children}</main>
    </div>
  );
}
