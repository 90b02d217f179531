import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ensureRates, fiat, formatFiat, rates } from '../../app/fiat';
import { language, useT } from '../../i18n';
import { formatAmount } from '../../../contract/format';
import { Money } from '../../../contract/money';
import { CoinIcon } from '../../ui/CoinIcon';
import { BillsIcon, ConvertIcon, DepositIcon, EyeIcon, EyeOffIcon, TransferIcon, WithdrawIcon } from '../../ui/icons';
import { Screen } from '../../ui/Screen';
import { Skeleton } from '../../ui/Skeleton';
import { ACCOUNT_ORDER, loadWallet, wallet, type AccountKind } from './wallet';
import styles from './assets.module.css';

/** The assets tab: everything the user holds, in the chosen fiat, account by account. */
const ACTIONS = [
  { key: 'deposit', to: '/pages/fund/select', search: { action: 'receive' }, icon: DepositIcon },
  { key: 'withdraw', to: '/pages/fund/select', search: { action: 'withdraw' }, icon: WithdrawIcon },
  { key: 'transfer', to: '/pages/fund/fundTransfer', search: {}, icon: TransferIcon },
  { key: 'exchange', to: '/pages/fund/transfer', search: {}, icon: ConvertIcon },
  { key: 'records', to: '/pages/fund/assets_all_record', search: {}, icon: BillsIcon },
] as const;

export function AssetsScreen() {
  useSignals();
  const t = useT();
  // The four accounts, and the mining view: the coins locked in the coin account by the finance products.
  const [kind, setKind] = useState<AccountKind | 'mining'>('change');
  const [hidden, setHidden] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    void loadWallet().catch(() => setFailed(true));
    void ensureRates();
  }, []);
  const current = wallet.value;
  const lang = language.value;
  const money = (usd: string) => (hidden ? '****' : formatFiat(usd, fiat.value, lang, rates.value));
  const figure = (text: string) => (hidden ? '****' : formatAmount(text, lang));
  const accountKind = kind === 'mining' ? null : kind;
  const account = accountKind ? current?.accounts.find((a) => a.kind === accountKind) : undefined;

  return (
    <Screen nav={false} tab>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('assets:title')}</h1>
      </header>
      <section className={styles.totalCard}>
        <span className={styles.totalLabel}>
          {t('assets:total', { currency: fiat.value })}
          <button type="button" className={styles.eye} onClick={() => setHidden(!hidden)} aria-label={t(hidden ? 'assets:show' : 'assets:hide')}>
            {hidden ? <EyeOffIcon size={16} /> : <EyeIcon size={16} />}
          </button>
        </span>
        <p className={styles.total} data-testid="assets-total">
          {current ? money(current.total_usd) : '--'}
        </p>
      </section>
      <nav className={styles.actions}>
        {ACTIONS.map((action) => (
          <Link key={action.key} to={action.to} search={action.search} className={styles.action} data-testid={`assets-${action.key}`}>
            <span className={styles.actionIcon} aria-hidden="true">
              <action.icon />
            </span>
            {t(`assets:actions.${action.key}`)}
          </Link>
        ))}
      </nav>
      <div className={styles.tabs} role="tablist">
        {[...ACCOUNT_ORDER, 'mining' as const].map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={key === kind}
            className={`${styles.tab} ${key === kind ? styles.tabOn : ''}`}
            onClick={() => setKind(key)}
            data-testid={`account-${key}`}
          >
            {t(`assets:accounts.${key}`)}
          </button>
        ))}
      </div>
      {!current && !failed && <Skeleton shape="holding" />}
      {kind === 'mining' && current && <Mining coins={current.accounts.find((a) => a.kind === 'change')?.currencies ?? []} money={money} figure={figure} />}
      {account && accountKind && (
        <>
          <p className={styles.accountValue}>
            {t(`assets:account_long.${accountKind}`)} · {money(account.usd_value)}
          </p>
          {account.currencies.map((coin) => (
            <Link
              key={coin.currency_id}
              to="/pages/fund/assets_record"
              search={{ currency: coin.currency_id, type: accountKind }}
              className={styles.coin}
              data-testid={`holding-${accountKind}-${coin.code}`}
            >
              <CoinFigures
                code={coin.code}
                value={money(coin.usd_value)}
                parts={[
                  [t('assets:available'), figure(coin.available), 'available'],
                  [t('assets:frozen'), figure(coin.frozen), 'frozen'],
                  [t('assets:locked'), figure(coin.locked)],
                ]}
              />
            </Link>
          ))}
        </>
      )}
    </Screen>
  );
}

type Holding = NonNullable<typeof wallet.value>['accounts'][number]['currencies'][number];

/** The mining view: what is locked in the coin account (lock-up mining, dual investment, IEO tokens), coin by coin; the orders are on the finance tab. */
function Mining({ coins, money, figure }: { coins: readonly Holding[]; money: (usd: string) => string; figure: (text: string) => string }) {
  const t = useT();
  const locked = coins.filter((coin) => new Money(coin.locked).gt(0));
  const total = locked.reduce((sum, coin) => sum.plus(coin.locked_usd), new Money(0));
  return (
    <>
      <p className={styles.accountValue}>
        {t('assets:account_long.mining')} · {money(total.toFixed(2))}
      </p>
      {locked.length === 0 && (
        <p className={styles.note} data-testid="mining-empty">
          {t('assets:mining_empty')} <Link to="/pages/financial/index">{t('assets:mining_open')}</Link>
        </p>
      )}
      {locked.map((coin) => (
        <Link key={coin.currency_id} to="/pages/financial/index" className={styles.coin} data-testid={`holding-mining-${coin.code}`}>
          <CoinFigures code={coin.code} value={money(coin.locked_usd)} parts={[[t('assets:locked'), figure(coin.locked), 'locked']]} />
        </Link>
      ))}
    </>
  );
}

/** A holding's card inside its link: the coin, its value, and its parts (label, figure, test id). */
function CoinFigures({ code, value, parts }: { code: string; value: string; parts: readonly (readonly [string, string, string?])[] }) {
  return (
    <>
      <CoinIcon code={code} size={32} />
      <div className={styles.coinHead}>
        <span className={styles.coinCode}>{code}</span>
        <span className={styles.coinValue}>{value}</span>
      </div>
      <dl className={styles.parts}>
        {parts.map(([label, figure, testId]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd data-testid={testId}>{figure}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
