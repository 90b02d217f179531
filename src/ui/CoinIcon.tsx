/** A coin's round mark: BTC, USDT, LTC and ETH in their colours, others in ETH's (spec 9). */
const COLORS: Record<string, string> = { BTC: '#f7931a', USDT: '#26a17b', LTC: '#345d9d', ETH: '#627eea' };

export function CoinIcon({ code, size = 32 }: { code: string; size?: number }) {
  const color = COLORS[code] ?? COLORS['ETH'];
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" style={{ flex: 'none' }}>
      <circle cx="16" cy="16" r="16" fill={color} />
      <text x="16" y="21" textAnchor="middle" fontSize={code.length > 3 ? 10 : 13} fontWeight="700" fill="#fff" fontFamily="system-ui, sans-serif">
        {code.slice(0, 4)}
      </text>
    </svg>
  );
}
