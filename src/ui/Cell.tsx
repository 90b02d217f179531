import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ChevronRightIcon } from './icons-later';
import styles from './Cell.module.css';

/** A row in a settings-style list: icon, title, value, and where it leads. */
export function Cell({
  icon,
  title,
  value,
  to,
  onClick,
  testId,
  arrow = true,
}: {
  icon?: ReactNode;
  title: ReactNode;
  value?: ReactNode;
  to?: string;
  onClick?: () => void;
  testId?: string;
  arrow?: boolean;
}) {
  const body = (
    <>
      {icon && <span className={styles.icon}>{icon}</span>}
      <span className={styles.title}>{title}</span>
      {value !== undefined && <span className={styles.value}>{value}</span>}
      {arrow && (to || onClick) && <ChevronRightIcon size={18} className={styles.arrow} />}
    </>
  );
  if (to) {
    return (
      <Link to={to} className={styles.cell} data-testid={testId}>
        {body}
      </Link>
    );
  }
  if (onClick) {
    return (
      <button type="button" className={styles.cell} onClick={onClick} data-testid={testId}>
        {body}
      </button>
    );
  }
  return (
    <div className={styles.cell} data-testid={testId}>
      {body}
    </div>
  );
}

export function CellGroup({ title, children }: { title?: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.group}>
      {title && <h2 className={styles.groupTitle}>{title}</h2>}
      <div className={styles.groupBody}>{children}</div>
    </section>
  );
}
