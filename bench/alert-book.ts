import { MarketBook, type BookAlert } from '../server/alerts/book';
import type { Trade } from '../server/market/engine';
import type { Suite } from './suites';

/**
 * A market's batch of trades (100 ms of a busy market: 20 trades) checked against 10,000
 * price and 24h change alerts on that market, spread 0.05 % to 20 % either side of the
 * price: what the alerts.crossings handler adds to every batch's step. The book looks at
 * the end of eight sorted lists per trade; the plain scan (every alert at every trade) is
 * there to show what the index saves.
 */
const ALERTS = 10_000;
const SCALE = 100;
const PRICE = 96_000;
const OPEN = 95_000;

function alerts(): BookAlert[] {
  let seed = 11;
  const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296;
  return Array.from({ length: ALERTS }, (_, i): BookAlert => {
    const direction = random() < 0.5 ? 1 : -1;
    const away = 0.0005 + random() * 0.2;
    if (i % 4 === 3) {
      // a change alert: at least 0.1 percentage point beyond the change now (+1.05 %)
      const level = Math.round((direction === 1 ? 105 : -105) + direction * (10 + random() * 1000));
      return { id: i + 1, kind: 'change', direction, level: Math.abs(level), rearm: Math.abs(level) - 10, repeat: i % 2 === 0, armed: true, crossings: 0 };
    }
    const level = Math.round(PRICE * (1 + direction * away) * SCALE);
    return { id: i + 1, kind: 'price', direction, level, rearm: Math.round(level * (1 - direction * 0.001)), repeat: i % 2 === 0, armed: true, crossings: 0 };
  });
}

/** Twenty trades within 0.02 % of the price. */
function batch(from: number): Trade[] {
  return Array.from({ length: 20 }, (_, i) => ({
    seq: from + i,
    time: from + i,
    price: Math.round(PRICE * (1 + Math.sin(from + i) * 0.0002) * SCALE) / SCALE,
    quantity: 0.01,
    side: i % 2 === 0 ? 1 : -1,
  }));
}

/** Every alert checked at every trade, as without the index. */
function scan(list: readonly BookAlert[], trades: readonly Trade[]): number {
  let reached = 0;
  const o = OPEN * SCALE;
  for (const trade of trades) {
    const p = Math.round(trade.price * SCALE);
    for (const alert of list) {
      const rise = (p - o) * 10_000;
      const hit = alert.kind === 'price' ? (alert.direction === 1 ? p >= alert.level : p <= alert.level) : (alert.direction === 1 ? rise : -rise) >= alert.level * o;
      if (hit && alert.armed) reached++;
    }
  }
  return reached;
}

export function alertBook(): Suite {
  const list = alerts();
  const book = new MarketBook();
  for (const alert of list) book.put(alert);
  const quiet = batch(1);
  // A batch that reaches the nearest alerts above: what a firing step costs (the book copied once).
  const firing = quiet.map((trade) => ({ ...trade, price: trade.price * 1.001 }));
  if (book.settle(quiet, SCALE, OPEN).transitions.length !== 0) throw new Error('the quiet batch reached an alert');
  if (book.settle(firing, SCALE, OPEN).transitions.length === 0) throw new Error('the firing batch reached no alert');
  return {
    title: `price alerts: one batch of 20 trades against ${ALERTS.toLocaleString('en')} alerts on its market (target: under 50 µs for a batch that fires nothing)`,
    cases: {
      'indexed book, nothing reached': () => {
        book.settle(quiet, SCALE, OPEN);
      },
      'indexed book, a few fire (the book copied)': () => {
        book.settle(firing, SCALE, OPEN);
      },
      'plain scan of every alert (for comparison)': () => {
        scan(list, quiet);
      },
    },
  };
}
