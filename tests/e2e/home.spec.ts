import { expect, test, type Page } from '@playwright/test';
import { loggedInUser, open } from './support';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/**
 * Every shortcut of the home grid opens a screen that does its job: what a user sees
 * first on the screen each one leads to. A shortcut without a working screen fails here.
 */
const SHORTCUTS: ReadonlyArray<readonly [key: string, route: RegExp, lands: (page: Page) => Promise<void>]> = [
  [
    'deposit',
    /#\/pages\/fund\/select\?action=receive$/,
    async (page) => {
      await expect(heading(page)).toHaveText('Choose a coin to deposit');
      await expect(page.getByTestId('coin-USDT')).toBeVisible();
    },
  ],
  [
    'withdraw',
    /#\/pages\/fund\/select\?action=withdraw$/,
    async (page) => {
      await expect(heading(page)).toHaveText('Choose a coin to withdraw');
      await expect(page.getByTestId('coin-BTC')).toBeVisible();
    },
  ],
  [
    'stock',
    /#\/pages\/market\/market\?tab=stock$/,
    async (page) => {
      await expect(page.getByTestId('market-tab-stock')).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('market-AAPL/USD')).toContainText('AAPL');
      await expect(page.getByTestId('market-BTC/USDT')).toHaveCount(0);
    },
  ],
  [
    'futures',
    /#\/pages\/transaction\/index\?mode=contract/,
    async (page) => {
      await expect(page.getByTestId('mode-contract')).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('contract-margin')).toBeVisible();
    },
  ],
  [
    'options',
    /#\/pages\/transaction\/index\?mode=seconds/,
    async (page) => {
      await expect(page.getByTestId('mode-seconds')).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('duration-30')).toBeVisible();
    },
  ],
  [
    'mining',
    /#\/pages\/financial\/index$/,
    async (page) => {
      await expect(page.getByTestId('finance-products')).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('lockup-product-1')).toBeVisible();
    },
  ],
  [
    'exchange',
    /#\/pages\/fund\/transfer$/,
    async (page) => {
      await expect(heading(page)).toHaveText('Convert');
      await expect(page.getByTestId('exchange-fee')).toHaveText('0.1%');
    },
  ],
  [
    'transfer',
    /#\/pages\/fund\/fundTransfer$/,
    async (page) => {
      await expect(heading(page)).toHaveText('Transfer');
      await expect(page.getByTestId('move-coin')).toBeVisible();
    },
  ],
  [
    'coupon',
    /#\/pages\/setting\/coupon$/,
    async (page) => {
      await expect(heading(page)).toHaveText('Coupons');
      await expect(page.getByTestId('coupon-fee_discount')).toBeVisible();
    },
  ],
  [
    'bills',
    /#\/pages\/fund\/assets_all_record$/,
    async (page) => {
      await expect(heading(page)).toHaveText('All records');
      await expect(page.getByTestId('bill').first()).toContainText('Paper-trading gift');
    },
  ],
  [
    'invite',
    /#\/pages\/setting\/share$/,
    async (page) => {
      await expect(heading(page)).toHaveText('Invite friends');
      await expect(page.getByTestId('share-qr')).toBeVisible();
    },
  ],
  [
    'copy',
    /#\/pages\/follow\/index$/,
    async (page) => {
      await expect(heading(page)).toHaveText('Copy trading');
      // The demo's strategy bots are listed from the first start, and say they are bots.
      await expect(page.getByTestId('trader-card').first()).toContainText('Bot');
    },
  ],
  [
    'invest',
    /#\/pages\/invest\/invest$/,
    async (page) => {
      await expect(heading(page)).toHaveText('Dual investment');
      await expect(page.getByTestId('dual-product').first()).toBeVisible();
    },
  ],
  [
    'borrowing',
    /#\/pages\/common\/borrowing$/,
    async (page) => {
      await expect(heading(page)).toHaveText('Borrowing');
      await expect(page.getByTestId('borrow-coin-BTC')).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByTestId('borrow-apr')).toHaveText('12%');
    },
  ],
  [
    'nft',
    /#\/pages\/nft\/nft$/,
    async (page) => {
      await expect(heading(page)).toHaveText('NFT marketplace');
      await expect(page.getByTestId('nft-held')).toHaveText('NFTs here live on this exchange, not on a blockchain.');
      await expect(page.getByRole('tab', { name: 'Auctions' })).toBeVisible();
    },
  ],
  [
    'game',
    /#\/pages\/game\/game$/,
    async (page) => {
      await expect(heading(page)).toHaveText('Mini game');
      await expect(page.getByTestId('game-not-money')).toContainText('They are not money');
      await expect(page.getByTestId('game-market-BTC/USDT')).toBeVisible();
    },
  ],
  [
    'chat',
    /#\/pages\/common\/chat$/,
    async (page) => {
      await expect(heading(page)).toHaveText('Chat room');
      await expect(page.getByTestId('chat')).toHaveAttribute('data-room', 'lang:en');
      await expect(page.getByTestId('chat-input')).toBeVisible();
    },
  ],
  [
    'otc',
    /#\/pages\/otc\/otc$/,
    async (page) => {
      await expect(heading(page)).toHaveText('P2P trading');
      await expect(page.getByRole('tab', { name: 'Buy' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('otc-coin-USDT')).toHaveAttribute('aria-pressed', 'true');
    },
  ],
  [
    'quick',
    /#\/pages\/otc\/quick$/,
    async (page) => {
      await expect(heading(page)).toHaveText('Quick buy');
      await expect(page.getByTestId('otc-quick-amount')).toBeVisible();
    },
  ],
  [
    'service',
    /#\/pages\/kefu\/index$/,
    async (page) => {
      await expect(heading(page)).toHaveText('Customer service');
      await expect(page.getByTestId('service')).toContainText('support@kestrel.local');
    },
  ],
];

test('each home shortcut opens its working screen', async ({ page }) => {
  await loggedInUser(page, 'shortcuts');
  await open(page, '/');
  await expect(page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('link')).toHaveCount(SHORTCUTS.length);
  for (const [key, route, lands] of SHORTCUTS) {
    await test.step(key, async () => {
      await open(page, '/');
      const dialog = page.getByRole('dialog');
      if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Close' }).click();
      await page.getByTestId(`shortcut-${key}`).click();
      await expect(page).toHaveURL(route);
      await lands(page);
    });
  }
});
