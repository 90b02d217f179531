import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { approveIdentity, baseUrl, ledgerCheck, loggedInUser, ok, open, post, prepareForWithdrawals, secondPhone, toast, uidOf } from './support';

const PAY_PASSWORD = '246810';
const RECEIPT = path.resolve(import.meta.dirname, '../fixtures/avatar.png');
const CARD = { real_name: 'Ada Lovelace', bank_name: 'Bank of Kestrel', bank_network: 'Harbour Road branch', bank_account: '6222 0200 1234 5678', bank_dizhi: 'Hong Kong', phone: '+852 5555 0101' };

/**
 * A user ready for OTC, as a person gets there: registered, a nickname, the mobile and the
 * pay password set, identity level 1 passed (the operator command: the suite's server
 * approves nothing by itself), and, for a seller, a domestic bank card in the verified name.
 */
async function otcUser(page: Page, nickname: string, card: boolean): Promise<{ email: string; token: string }> {
  const user = await loggedInUser(page, 'otc');
  ok(await post(page, baseUrl(), 'user/editNickname', { nickname }, user.token));
  await prepareForWithdrawals(page, user, PAY_PASSWORD);
  ok(await post(page, baseUrl(), 'user/real', { real_type: '1', id_type: 'passport', name: CARD.real_name, card_id: `P${String(Date.now()).slice(-7)}` }, user.token));
  approveIdentity(await uidOf(page, user.token), 1);
  if (card) ok(await post(page, baseUrl(), 'user/cash_save', CARD, user.token));
  return user;
}

/** Available USDT in the coin account, as the assets tab shows it. */
async function usdtAvailable(page: Page) {
  await open(page, '/pages/fund/assets');
  await page.getByTestId('account-change').click();
  return page.getByTestId('holding-change-USDT').getByTestId('available');
}

test('P2P: a seller advertises USDT, a buyer orders, they talk in the order’s chat, the buyer says it paid, the seller releases with the pay password, the buyer has the USDT', async ({
  page,
  browser,
}) => {
  // Nicknames are 2 to 10 letters or digits.
  const suffix = String(Date.now()).slice(-4);
  const sellerName = `Sell${suffix}`;
  const buyerName = `Buy${suffix}`;
  await otcUser(page, sellerName, true);

  // The buyer on a second phone.
  const { phone: buyer, close: closeBuyer } = await secondPhone(browser);
  await otcUser(buyer, buyerName, false);

  await test.step('the seller posts an advertisement to sell 500 USDT for CNY at 7.20', async () => {
    await open(page, '/pages/otc/mine?tab=post');
    await page.getByTestId('otc-fiat').click();
    await page.getByTestId('otc-fiat-CNY').click();
    await expect(page.getByTestId('otc-fiat')).toContainText('CNY');
    // A price with too many decimals is refused at its field.
    await page.getByTestId('otc-post-submit').click();
    await expect(page.getByRole('alert').first()).toHaveText('Enter a price above 0 with at most 2 decimals.');
    await page.getByTestId('otc-post-price').fill('7.20');
    await page.getByTestId('otc-post-min').fill('100');
    await page.getByTestId('otc-post-max').fill('1000');
    await page.getByTestId('otc-post-amount').fill('500');
    await expect(page.getByTestId('otc-requirements')).toHaveCount(0);
    await page.getByTestId('otc-post-submit').click();
    await expect(toast(page)).toHaveText('Your advertisement is online.');
    await expect(page).toHaveURL(/#\/pages\/otc\/mine\?tab=ads$/);
    const ad = page.getByTestId('otc-my-ad').first();
    await expect(ad).toContainText('Sell USDT for CNY');
    await expect(ad.getByTestId('otc-my-ad-remaining')).toHaveText('500.00 USDT');
    await expect(ad.getByTestId('otc-ad-status')).toHaveText('Online');
  });

  await test.step('the buyer finds it in the market, with the seller’s record, and the quick buy quotes it', async () => {
    await open(buyer, '/pages/otc/quick');
    await buyer.getByTestId('otc-fiat').click();
    await buyer.getByTestId('otc-fiat-CNY').click();
    await buyer.getByTestId('otc-quick-amount').fill('360');
    const best = buyer.getByTestId('otc-quick-best');
    await expect(best.getByTestId('otc-quick-coins')).toHaveText('50.00 USDT');
    await expect(best.getByTestId('otc-quick-price')).toHaveText('7.20 CNY');
    await expect(best.getByTestId('otc-advertiser')).toHaveText(sellerName);

    await open(buyer, '/pages/otc/otc');
    await expect(buyer.getByRole('tab', { name: 'Buy' })).toHaveAttribute('aria-selected', 'true');
    await buyer.getByTestId('otc-fiat').click();
    await buyer.getByTestId('otc-fiat-CNY').click();
    const card = buyer.getByTestId('otc-ad').filter({ hasText: sellerName });
    await expect(card.getByTestId('otc-ad-price')).toHaveText('7.20 CNY');
    await expect(card.getByTestId('otc-ad-limits')).toHaveText('100.00 – 1,000.00 CNY');
    await expect(card.getByTestId('otc-ad-available')).toHaveText('500.00 USDT');
    // No order yet: the record says so rather than showing figures it does not have.
    await expect(card.getByTestId('otc-record')).toHaveText('New');
  });

  await test.step('the buyer orders 720 CNY of it: 100 USDT into the seller’s escrow', async () => {
    const card = buyer.getByTestId('otc-ad').filter({ hasText: sellerName });
    await card.getByTestId('otc-take').click();
    const sheet = buyer.getByTestId('otc-take-sheet');
    await sheet.getByTestId('otc-fiat-amount').fill('50');
    await sheet.getByTestId('otc-place').click();
    await expect(sheet.getByRole('alert')).toHaveText('The least per order is 100.00 CNY.');
    await sheet.getByTestId('otc-fiat-amount').fill('720');
    await expect(sheet.getByTestId('otc-sheet-coins')).toHaveText('100.00 USDT');
    await expect(sheet.getByTestId('otc-level-limit')).toHaveText('Your limit per order at verification level 1: 2,000 USDT.');
    await sheet.getByTestId('otc-place').click();
    await expect(buyer).toHaveURL(/#\/pages\/otc\/order\?id=\d+$/);
    const order = buyer.getByTestId('otc-order');
    await expect(order).toHaveAttribute('data-status', 'pending');
    await expect(order.getByTestId('otc-role')).toHaveText('Buy USDT');
    await expect(order.getByTestId('otc-order-fiat')).toHaveText('720.00 CNY');
    await expect(order.getByTestId('otc-order-amount')).toHaveText('100.00 USDT');
    await expect(order.getByTestId('otc-counterparty')).toHaveText(sellerName);
    // Where to pay: the seller's card, each detail copyable.
    await expect(order.getByTestId('otc-pay-holder')).toHaveText(CARD.real_name);
    await expect(order.getByTestId('otc-pay-bank')).toHaveText(CARD.bank_name);
    await expect(order.getByTestId('otc-pay-account')).toHaveText(CARD.bank_account);
    await expect(order.getByTestId('otc-countdown')).toHaveText(/^1[45]:\d\d$/);
  });

  await test.step('the two sides talk in the order’s chat, each seeing the other’s messages as they are written', async () => {
    const buyerChat = buyer.getByTestId('chat');
    await expect(buyerChat).toContainText('Messages here stay with the order');
    await buyerChat.getByTestId('chat-input').fill('Hello, I am paying now by bank transfer.');
    await buyerChat.getByTestId('chat-send').click();
    await expect(buyerChat.getByTestId('chat-message')).toHaveCount(1);
    await expect(buyerChat.getByTestId('chat-message').first()).toHaveAttribute('data-mine', 'true');
    await expect(buyerChat.getByTestId('chat-input')).toHaveValue('');

    // The seller opens the order from their open orders: the message is there.
    await open(page, '/pages/otc/mine?tab=open');
    await page.getByTestId('otc-order-card').first().click();
    const sellerChat = page.getByTestId('chat');
    await expect(page.getByText(`Chat with the buyer, ${buyerName}`)).toBeVisible();
    await expect(sellerChat.getByTestId('chat-message')).toHaveCount(1);
    await expect(sellerChat.getByTestId('chat-message').first()).toContainText(buyerName);
    await expect(sellerChat.getByTestId('chat-message').first()).toContainText('Hello, I am paying now by bank transfer.');

    // The reply reaches the buyer over the socket, without a reload.
    await sellerChat.getByTestId('chat-input').fill('Thanks. I will release once it arrives.');
    await sellerChat.getByTestId('chat-input').press('Enter');
    await expect(buyerChat.getByTestId('chat-message')).toHaveCount(2);
    await expect(buyerChat.getByTestId('chat-message').last()).toHaveAttribute('data-mine', 'false');
    await expect(buyerChat.getByTestId('chat-message').last()).toContainText('Thanks. I will release once it arrives.');

    // The buyer sends the receipt as an image: the seller sees it at once.
    await buyerChat.getByTestId('chat-attach').setInputFiles(RECEIPT);
    await expect(buyerChat.getByTestId('chat-attach-button').locator('img')).toBeVisible();
    await buyerChat.getByTestId('chat-input').fill('Receipt');
    await buyerChat.getByTestId('chat-send').click();
    await expect(sellerChat.getByTestId('chat-message')).toHaveCount(3);
    await expect(sellerChat.getByTestId('chat-image')).toHaveAttribute('href', /^\/uploads\//);
  });

  await test.step('the buyer says it has paid', async () => {
    await buyer.getByTestId('otc-paid').click();
    await expect(buyer.getByRole('dialog')).toContainText('Confirm only after you have transferred 720.00 CNY');
    await buyer.getByTestId('dialog-confirm').click();
    await expect(toast(buyer)).toHaveText('The seller has been told you paid.');
    await expect(buyer.getByTestId('otc-order')).toHaveAttribute('data-status', 'paid');
    await expect(buyer.getByTestId('otc-state')).toContainText('Waiting for the seller to release');
    await expect(buyer.getByTestId('otc-appeal')).toBeVisible();
  });

  await test.step('the seller sees the paid order and releases the coins with the pay password', async () => {
    await open(page, '/pages/otc/mine?tab=open');
    await page.getByTestId('otc-order-card').first().click();
    const order = page.getByTestId('otc-order');
    await expect(order).toHaveAttribute('data-status', 'paid');
    await expect(order.getByTestId('otc-role')).toHaveText('Sell USDT');
    await expect(order.getByTestId('otc-counterparty')).toHaveText(buyerName);
    await expect(page.getByTestId('otc-state')).toContainText('The buyer says they have paid');
    await page.getByTestId('otc-release').click();
    const sheet = page.getByTestId('otc-release-sheet');
    await expect(sheet).toContainText('Release 100.00 USDT');
    await sheet.getByTestId('otc-pay-password').fill('135790');
    await sheet.getByTestId('otc-release-confirm').click();
    await expect(toast(page)).toHaveText('The pay password is wrong.');
    await expect(order).toHaveAttribute('data-status', 'paid');
    await sheet.getByTestId('otc-pay-password').fill(PAY_PASSWORD);
    await sheet.getByTestId('otc-release-confirm').click();
    await expect(toast(page)).toHaveText('The coins are released to the buyer.');
    await expect(order).toHaveAttribute('data-status', 'released');
    await expect(page.getByTestId('otc-state')).toContainText('You released 100.00 USDT to the buyer.');
    // The chat is kept to read, no longer written in.
    await expect(page.getByTestId('chat')).toContainText('This order is closed. Its messages are kept for an appeal.');
    await expect(page.getByTestId('chat').getByTestId('chat-message')).toHaveCount(3);
    await expect(page.getByTestId('chat-input')).toHaveCount(0);
  });

  await test.step('the buyer’s order shows it completed by itself, and the USDT are in the buyer’s coin account', async () => {
    // The open order is read again every 5 s.
    await expect(buyer.getByTestId('otc-order')).toHaveAttribute('data-status', 'released', { timeout: 12_000 });
    await expect(buyer.getByTestId('otc-state')).toContainText('100.00 USDT are in your coin account.');
    // The paper-trading gift and the 100 bought.
    await expect(await usdtAvailable(buyer)).toHaveText('10,100.00');
    await expect(await usdtAvailable(page)).toHaveText('9,900.00');
  });

  await test.step('the closed order, and the seller’s record that came from it', async () => {
    await open(buyer, '/pages/otc/mine?tab=closed');
    await expect(buyer.getByTestId('otc-order-card').first().getByTestId('otc-status')).toHaveText('Completed');
    await open(buyer, '/pages/otc/otc');
    await buyer.getByTestId('otc-fiat').click();
    await buyer.getByTestId('otc-fiat-CNY').click();
    const card = buyer.getByTestId('otc-ad').filter({ hasText: sellerName });
    await expect(card.getByTestId('otc-record')).toContainText('1 order in 30 days');
    await expect(card.getByTestId('otc-record')).toContainText('100.0% completed');
    await expect(card.getByTestId('otc-ad-available')).toHaveText('400.00 USDT');
    // The seller's profile: the same record, from the same rows.
    await card.getByTestId('otc-advertiser-link').click();
    const profile = buyer.getByTestId('otc-profile');
    await expect(profile.getByTestId('otc-profile-name')).toHaveText(sellerName);
    await expect(profile).toContainText('Verified');
    await expect(profile.getByTestId('otc-profile-orders')).toHaveText('1');
    await expect(profile.getByTestId('otc-profile-rate')).toHaveText('100.0%');
    await expect(profile.getByTestId('otc-profile-completed')).toHaveText('1');
    await expect(profile.getByTestId('otc-ad')).toHaveCount(1);
    await expect(profile.getByTestId('otc-ad').getByTestId('otc-ad-available')).toHaveText('400.00 USDT');
  });

  await test.step('the seller takes the advertisement offline: it leaves the market', async () => {
    await open(page, '/pages/otc/mine?tab=ads');
    const ad = page.getByTestId('otc-my-ad').first();
    await ad.getByTestId('otc-ad-switch').click();
    await expect(toast(page)).toHaveText('The advertisement is offline.');
    await expect(ad.getByTestId('otc-ad-status')).toHaveText('Offline');
    // The buyer is still on the seller's profile: it reads the advertisements again when opened.
    await buyer.reload();
    await expect(buyer.getByTestId('otc-profile')).toContainText('No advertisement online right now.');
    await open(buyer, '/pages/otc/otc');
    await buyer.getByTestId('otc-fiat').click();
    await buyer.getByTestId('otc-fiat-CNY').click();
    await expect(buyer.getByText('No one is selling this coin for this currency right now.')).toBeVisible();
  });

  await closeBuyer();
  ledgerCheck();
});
