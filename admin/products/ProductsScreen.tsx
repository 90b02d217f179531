import { useSignals } from '@preact/signals-react/runtime';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useConsoleT } from '../i18n';
import { productsRoute } from '../routes';
import { TABS, type ProductsTab } from './products';
import styles from './products.module.css';

/** Each tab's component, loaded when first opened. */
const PANELS: Record<ProductsTab, LazyExoticComponent<ComponentType>> = {
  lockup: lazy(() => import('./LockupTab').then((module) => ({ default: module.LockupTab }))),
  dual: lazy(() => import('./DualTab').then((module) => ({ default: module.DualTab }))),
  ieo: lazy(() => import('./IeoTab').then((module) => ({ default: module.IeoTab }))),
  coupons: lazy(() => import('./CouponsTab').then((module) => ({ default: module.CouponsTab }))),
  rates: lazy(() => import('./RatesTab').then((module) => ({ default: module.RatesTab }))),
  fees: lazy(() => import('./FeesTab').then((module) => ({ default: module.FeesTab }))),
};

/**
 * The Products screen: what the exchange offers and on what terms (lock-up mining, dual
 * investment, IEO projects, coupons, fiat rates, fees and limits), a tab each. The tab
 * open lives in the URL (#/products?tab=).
 */
export function ProductsScreen() {
  useSignals();
  const t = useConsoleT();
  const { tab } = productsRoute.useSearch();
  const navigate = useNavigate();
  const Panel = PANELS[tab];
  return (
    <section className={styles.screen} aria-labelledby="products-title">
      <h1 id="products-title" className={styles.title}>
        {t('products.title')}
      </h1>
      <p className={styles.intro}>{t('products.intro')}</p>
      <div className={styles.tabs} role="tablist" aria-label={t('products.title')}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={name === tab}
            className={styles.tab}
            data-testid={`products-tab-${name}`}
            onClick={() => void navigate({ to: '/products', search: { tab: name } })}
          >
            {t(`products.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" className={styles.panel}>
        <Suspense fallback={<p className={styles.loading}>{t('products.loading')}</p>}>
          <Panel />
        </Suspense>
      </div>
    </section>
  );
}
