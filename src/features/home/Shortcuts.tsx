import { Link } from '@tanstack/react-router';
import { useSignals } from '@preact/signals-react/runtime';
import { loggedIn } from '../../app/session';
import { useT } from '../../i18n';
import {
  BillsIcon,
  BorrowIcon,
  ChatIcon,
  ConvertIcon,
  CopyTradingIcon,
  CouponIcon,
  DepositIcon,
  FuturesIcon,
  GameIcon,
  InvestIcon,
  InviteIcon,
  MiningIcon,
  NftIcon,
  OptionsIcon,
  OtcIcon,
  QuickIcon,
  StockIcon,
  SupportIcon,
  TransferIcon,
  WithdrawIcon,
} from '../../ui/icons';
import styles from './HomeScreen.module.css';

/**
 * The home shortcuts (spec 2), only for screens that exist; others join with their
 * features. Visitors see them too: protected ones ask to log in first.
 */
const SHORTCUTS = [
  { key: 'deposit', to: '/pages/fund/select', search: { action: 'receive' }, icon: DepositIcon, label: 'common:shortcuts.deposit' },
  { key: 'withdraw', to: '/pages/fund/select', search: { action: 'withdraw' }, icon: WithdrawIcon, label: 'common:shortcuts.withdraw' },
  { key: 'stock', to: '/pages/market/market', search: { tab: 'stock' }, icon: StockIcon, label: 'common:shortcuts.stock' },
  { key: 'futures', to: '/pages/transaction/index', search: { mode: 'contract', symbol: 'BTCUSDT', side: 'buy' }, icon: FuturesIcon, label: 'common:shortcuts.futures' },
  { key: 'options', to: '/pages/transaction/index', search: { mode: 'seconds', symbol: 'BTCUSDT', side: 'buy' }, icon: OptionsIcon, label: 'common:shortcuts.options' },
  { key: 'copy', to: '/pages/follow/index', search: {}, icon: CopyTradingIcon, label: 'common:shortcuts.copy' },
  { key: 'otc', to: '/pages/otc/otc', search: {}, icon: OtcIcon, label: 'common:shortcuts.otc' },
  { key: 'quick', to: '/pages/otc/quick', search: {}, icon: QuickIcon, label: 'common:shortcuts.quick' },
  { key: 'mining', to: '/pages/financial/index', search: {}, icon: MiningIcon, label: 'common:shortcuts.mining' },
  { key: 'invest', to: '/pages/invest/invest', search: {}, icon: InvestIcon, label: 'common:shortcuts.invest' },
  { key: 'borrowing', to: '/pages/common/borrowing', search: {}, icon: BorrowIcon, label: 'common:shortcuts.borrowing' },
  { key: 'nft', to: '/pages/nft/nft', search: {}, icon: NftIcon, label: 'common:shortcuts.nft' },
  { key: 'game', to: '/pages/game/game', search: {}, icon: GameIcon, label: 'common:shortcuts.game' },
  { key: 'chat', to: '/pages/common/chat', search: {}, icon: ChatIcon, label: 'common:shortcuts.chat' },
  { key: 'exchange', to: '/pages/fund/transfer', search: {}, icon: ConvertIcon, label: 'common:shortcuts.exchange' },
  { key: 'transfer', to: '/pages/fund/fundTransfer', search: {}, icon: TransferIcon, label: 'common:shortcuts.transfer' },
  { key: 'coupon', to: '/pages/setting/coupon', search: {}, icon: CouponIcon, label: 'common:shortcuts.coupon' },
  { key: 'bills', to: '/pages/fund/assets_all_record', search: {}, icon: BillsIcon, label: 'common:shortcuts.bills' },
  { key: 'invite', to: '/pages/setting/share', search: {}, icon: InviteIcon, label: 'common:shortcuts.invite' },
  { key: 'service', to: '/pages/kefu/index', search: {}, icon: SupportIcon, label: 'common:shortcuts.service' },
] as const;

export function Shortcuts() {
  useSignals();
  const t = useT();
  void loggedIn.value;
  return (
    <nav className={styles.shortcuts} aria-label={t('common:shortcuts.title')}>
      {SHORTCUTS.map((shortcut) => (
        <Link key={shortcut.key} to={shortcut.to} search={shortcut.search} className={styles.shortcut} data-testid={`shortcut-${shortcut.key}`}>
          <span className={styles.shortcutIcon} aria-hidden="true">
            <shortcut.icon />
          </span>
          {t(shortcut.label)}
        </Link>
      ))}
    </nav>
  );
}
