import { useSignals } from '@preact/signals-react/runtime';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { loggedIn } from '../../app/session';
import { useT } from '../../i18n';
import { Screen } from '../../ui/Screen';
import assets from '../assets/assets.module.css';
import { DualEntries, DualProducts } from './DualParts';
import styles from './finance.module.css';
import { IeoEntries, IeoProjects } from './IeoParts';
import { LockupOrders, LockupProducts } from './LockupParts';
import { Tabs } from './Tabs';

export type FinanceSection = 'lockup' | 'dual' | 'ieo';
const SECTIONS = ['lockup', 'dual', 'ieo'] as const;

/**
 * The finance tab, a shelf of the finance products: lock-up mining (products, the
 * user's orders in progress and ended), dual investment (products by coin and kind,
 * with the user's orders and the guide a tap away) and IEO (the projects, with the
 * user's subscriptions and the guide). The section is in the address (?section=dual,
 * ?section=ieo), so coming back from a product returns to it.
 */
export function FinanceScreen({ section }: { section: FinanceSection }) {
  const t = useT();
  const navigate = useNavigate();
  const choose = (next: FinanceSection) => void navigate({ to: '/pages/financial/index', search: next === 'lockup' ? {} : { section: next }, replace: true });
  return (
    <Screen nav={false} tab>
      <header className={assets.header}>
        <h1 className={assets.title}>{t('common:tabs.finance')}</h1>
      </header>
      <div className={styles.shelf} role="tablist" aria-label={t('finance:shelf.label')}>
        {SECTIONS.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={section === key}
            className={`${styles.shelfItem} ${section === key ? styles.shelfItemOn : ''}`}
            onClick={() => choose(key)}
            data-testid={`shelf-${key}`}
          >
            <span className={styles.shelfName}>{t(`finance:shelf.${key}`)}</span>
            <span className={styles.shelfNote}>{t(`finance:shelf.${key}_note`)}</span>
          </button>
        ))}
      </div>
      {section === 'lockup' && <LockupSection />}
      {section === 'dual' && (
        <div className={styles.page}>
          <DualEntries />
          <DualProducts />
        </div>
      )}
      {section === 'ieo' && (
        <div className={styles.page}>
          <IeoEntries />
          <IeoProjects />
        </div>
      )}
    </Screen>
  );
}

/** Lock-up mining on the shelf: the products, and the user's orders in progress and ended. */
function LockupSection() {
  useSignals();
  const t = useT();
  const [tab, setTab] = useState<'products' | 'active' | 'closed'>('products');
  return (
    <>
      <Tabs options={['products', 'active', 'closed'] as const} value={tab} onChange={setTab} text={(key) => t(`finance:lockup.tabs.${key}`)} testId="finance" />
      {tab === 'products' ? (
        <LockupProducts onBought={() => setTab('active')} />
      ) : loggedIn.value ? (
        <LockupOrders key={tab} status={tab} />
      ) : (
        <div className={assets.page}>
          <p className={assets.empty}>{t('common:login_first')}</p>
          <Link to="/pages/common/login" className={assets.link}>
            {t('common:home.login')}
          </Link>
        </div>
      )}
    </>
  );
}
