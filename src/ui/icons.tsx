import type { SVGProps } from 'react';

/**
 * The app's icons: 24-unit line drawings that take the current text colour. These are the
 * ones the shell and the first screens draw; the others are in icons-later.tsx, so the
 * first screen's JavaScript does not carry them (a module goes whole into one chunk).
 */
type IconProps = SVGProps<SVGSVGElement> & { size?: number };

export function make(paths: string, filled = false) {
  return function Icon({ size = 22, ...rest }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill={filled ? 'currentColor' : 'none'}
        stroke={filled ? 'none' : 'currentColor'}
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        {...rest}
      >
        <path d={paths} />
      </svg>
    );
  };
}

export const BackIcon = make('M15 5l-7 7 7 7');
export const GlobeIcon = make('M12 3a9 9 0 100 18 9 9 0 000-18zM3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z');
export const EyeIcon = make('M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 9a3 3 0 100 6 3 3 0 000-6z');
export const EyeOffIcon = make('M3 3l18 18M10.6 5.1A10 10 0 0112 5c6.4 0 10 7 10 7a17 17 0 01-3.2 4.1M6.6 6.6A17 17 0 002 12s3.6 7 10 7a9.7 9.7 0 005.4-1.6M9.9 9.9a3 3 0 004.2 4.2');
export const HomeIcon = make('M3 11l9-7 9 7v9a1 1 0 01-1 1h-5v-6H9v6H4a1 1 0 01-1-1z');
export const MarketIcon = make('M4 19V9M10 19V5M16 19v-7M22 19H2');
export const TradeIcon = make('M7 4v16M7 4L3 8M7 4l4 4M17 20V4M17 20l-4-4M17 20l4-4');
export const FinanceIcon = make('M12 3v9l7.5 4.5A9 9 0 1112 3zM15 3.5A9 9 0 0121 10h-6z');
export const AssetsIcon = make('M3 7h15a3 3 0 013 3v8a2 2 0 01-2 2H5a2 2 0 01-2-2zM3 7l12-3v3M16 13.5h2');
export const SettingsIcon = make(
  'M12 15a3 3 0 100-6 3 3 0 000 6zM19.4 15a1.7 1.7 0 00.3 1.8l.1.1a2 2 0 11-2.8 2.8l-.1-.1a1.7 1.7 0 00-1.8-.3 1.7 1.7 0 00-1 1.5V21a2 2 0 11-4 0v-.1a1.7 1.7 0 00-1.1-1.5 1.7 1.7 0 00-1.8.3l-.1.1a2 2 0 11-2.8-2.8l.1-.1a1.7 1.7 0 00.3-1.8 1.7 1.7 0 00-1.5-1H3a2 2 0 110-4h.1a1.7 1.7 0 001.5-1.1 1.7 1.7 0 00-.3-1.8l-.1-.1a2 2 0 112.8-2.8l.1.1a1.7 1.7 0 001.8.3H9a1.7 1.7 0 001-1.5V3a2 2 0 114 0v.1a1.7 1.7 0 001 1.5 1.7 1.7 0 001.8-.3l.1-.1a2 2 0 112.8 2.8l-.1.1a1.7 1.7 0 00-.3 1.8V9a1.7 1.7 0 001.5 1H21a2 2 0 110 4h-.1a1.7 1.7 0 00-1.5 1z',
);
export const SearchIcon = make('M11 4a7 7 0 100 14 7 7 0 000-14zM21 21l-5-5');

/** The home shortcuts' and the assets tab's icons (drawn, not font symbols: a symbol outside the text font makes the browser search its fonts for it). */
export const DepositIcon = make('M12 4v11M7 10l5 5 5-5M4 19h16');
export const WithdrawIcon = make('M12 15V4M7 9l5-5 5 5M4 19h16');
export const StockIcon = make('M7 3v18M5 7h4v8H5zM17 5v14M15 9h4v6h-4z');
export const FuturesIcon = make('M4 18a8 8 0 1116 0M12 18l4-6M4 18h16');
export const OptionsIcon = make('M12 3a9 9 0 100 18 9 9 0 000-18zM12 7v5l3 2');
export const CopyTradingIcon = make('M9 11a4 4 0 100-8 4 4 0 000 8zM3 21a6 6 0 0112 0M16 8h6M19 5l3 3-3 3');
export const OtcIcon = make('M7 11a3 3 0 100-6 3 3 0 000 6zM17 11a3 3 0 100-6 3 3 0 000 6zM2 20a5 5 0 0110 0M12 20a5 5 0 0110 0');
export const QuickIcon = make('M13 2L4 14h7l-1 8 9-12h-7z');
export const MiningIcon = make('M6 3h12l3 6-9 12L3 9zM3 9h18M9 3l3 6 3-6');
export const InvestIcon = make('M12 3a9 9 0 100 18 9 9 0 000-18zM12 7a5 5 0 100 10 5 5 0 000-10zM12 11.5v1');
export const BorrowIcon = make('M3 10l9-6 9 6M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 21h18');
export const NftIcon = make('M4 4h16v16H4zM4 16l5-5 4 4 3-3 4 4M15 8h.01');
export const GameIcon = make('M5 4h14a1 1 0 011 1v14a1 1 0 01-1 1H5a1 1 0 01-1-1V5a1 1 0 011-1zM8.5 8.5h.01M15.5 15.5h.01M12 12h.01');
export const ChatIcon = make('M4 5h16v11H9l-5 4z');
export const ConvertIcon = make('M20 12a8 8 0 01-14.3 4.9M4 12a8 8 0 0114.3-4.9M18.5 3v4h-4M5.5 21v-4h4');
export const TransferIcon = make('M4 8h15l-4-4M20 16H5l4 4');
export const CouponIcon = make('M3 6h18v4a2 2 0 000 4v4H3v-4a2 2 0 000-4zM14 6v12');
export const BillsIcon = make('M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h3');
export const InviteIcon = make('M10 11a4 4 0 100-8 4 4 0 000 8zM3 21a7 7 0 0114 0M19 8v6M16 11h6');
export const SupportIcon = make('M4 14v-2a8 8 0 0116 0v2M4 14h3v5H4zM20 14h-3v5h3zM17 19a3 3 0 01-3 2h-2');
