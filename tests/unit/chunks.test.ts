import { expect, test } from 'vitest';
import { firstScreensGroup } from '../../scripts/vite-boot-plugin';

/** A module graph as Rolldown's chunking sees it: each module with the modules that import it. */
function graph(importers: Record<string, string[]>) {
  return { getModuleInfo: (id: string) => (id in importers ? { importers: importers[id] ?? [] } : null) };
}

const HOME = '/app/src/routes/index.tsx?tsr-split=component';
const MARKET = '/app/src/routes/pages/market/market.tsx?tsr-split=component';
const TRADE = '/app/src/routes/pages/transaction/index.tsx?tsr-split=component';
const modules = graph({
  [HOME]: [],
  [MARKET]: [],
  [TRADE]: [],
  '/app/src/features/home/HomeScreen.tsx': [HOME],
  '/app/src/features/market/MarketScreen.tsx': [MARKET],
  '/app/src/features/market/MarketRow.tsx': ['/app/src/features/home/HomeScreen.tsx', '/app/src/features/market/MarketScreen.tsx'],
  // A cycle on the way up does not stop the walk.
  '/app/src/ui/cells.tsx': ['/app/src/features/market/MarketRow.tsx', '/app/src/ui/BoundText.tsx'],
  '/app/src/ui/BoundText.tsx': ['/app/src/ui/cells.tsx'],
  '/app/src/features/trade/OrderForm.tsx': [TRADE],
  '/app/node_modules/react-virtuoso/dist/index.mjs': ['/app/src/features/market/MarketScreen.tsx'],
});

test("the app's own modules the first screens import are grouped by the screens that use them", () => {
  const name = firstScreensGroup(['/', '/pages/index/index', '/pages/market/market']);
  expect(name('/app/src/features/home/HomeScreen.tsx', modules)).toBe('first-home');
  expect(name('/app/src/features/market/MarketScreen.tsx', modules)).toBe('first-market');
  expect(name('/app/src/features/market/MarketRow.tsx', modules)).toBe('first-home-market');
  expect(name('/app/src/ui/BoundText.tsx', modules)).toBe('first-home-market');
});

test("other screens' modules, packages and the routes' own chunks are left to the default splitting", () => {
  const name = firstScreensGroup(['/', '/pages/index/index', '/pages/market/market']);
  expect(name('/app/src/features/trade/OrderForm.tsx', modules)).toBeNull();
  expect(name('/app/node_modules/react-virtuoso/dist/index.mjs', modules)).toBeNull();
  expect(name(HOME, modules)).toBeNull();
  expect(name(MARKET, modules)).toBeNull();
});
