import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { approveIdentity, baseUrl, ledgerCheck, loggedInUser, open, operator, prepareForWithdrawals, toast } from './support';

const PAY_PASSWORD = '246810';
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const VOUCHER = path.resolve(import.meta.dirname, '../fixtures/avatar.png');

interface Pending {
  recharges: { id: number; uid: number; amount: string; code: string }[];
  withdrawals: { id: number; uid: number; amount: string; code: string; address: string }[];
}

const pending = (): Pending => JSON.parse(operator('pending', '--json')) as Pending;

/** Available and frozen of one coin in one account, as the assets tab shows them. */
async function holding(page: Page, account: 'change' | 'lever' | 'micro' | 'legal', code: string) {
  await open(page, '/pages/fund/assets');
  await page.getByTestId(`account-${account}`).click();
  const row = page.getByTestId(`holding-${account}-${code}`);
  return { available: row.getByTestId('available'), frozen: row.getByTestId('frozen') };
}

test('a trader verifies, deposits, moves, converts and withdraws; every step is in the bills and the ledger balances', async ({ page }) => {
  const user = await loggedInUser(page, 'wallet');
  await prepareForWithdrawals(page, user, PAY_PASSWORD);
  const info = (await (await page.request.get(`${baseUrl()}/api/user/info`, { headers: { authorization: user.token } })).json()) as { message: { uid: number } };
  const uid = info.message.uid;

  await test.step('the paper-trading gift is in the coin account', async () => {
    const usdt = await holding(page, 'change', 'USDT');
    await expect(usdt.available).toHaveText('10,000.00');
    await expect(page.getByTestId('assets-total')).toContainText('$10,000.00');
  });

  await test.step('withdrawing before identity verification is refused', async () => {
    await open(page, '/pages/fund/withdraw?currency=3&network=TRC20');
    await page.locator('input[name=address]').fill(TRON_ADDRESS);
    await page.locator('input[name=amount]').fill('50');
    await page.locator('input[name=pay_password]').fill(PAY_PASSWORD);
    await page.getByTestId('withdraw-submit').click();
    await expect(toast(page)).toHaveText('Please complete identity verification first.');
  });

  await test.step('level 1 identity verification', async () => {
    await open(page, '/pages/setting/real');
    await expect(page.getByTestId('real-state')).toContainText('Not verified');
    await page.locator('input[name=name]').fill('Ada Lovelace');
    await page.locator('input[name=card_id]').fill('p1234567');
    await expect(page.locator('input[name=card_id]')).toHaveValue('P1234567');
    await page.getByTestId('real-submit-1').click();
    await expect(toast(page)).toHaveText('Submitted. We will review it shortly.');
    await expect(page.getByTestId('real-state')).toContainText('We are reviewing your level 1 submission.');
    approveIdentity(uid, 1);
    await page.reload();
    await expect(page.getByTestId('real-state')).toContainText('Level 1 verified');
    await expect(page.getByTestId('real-state')).toContainText('Verified name: A******');
  });

  await test.step('deposit USDT on TRC20: address, QR code, report with a voucher', async () => {
    await open(page, '/pages/fund/assets');
    await page.getByTestId('assets-deposit').click();
    // Each coin shows what is available of it in the coin account and its equivalent in the chosen fiat (USD by default).
    await expect(page.getByTestId('coin-USDT').getByTestId('coin-available-fiat')).toHaveText('≈ $10,000.00');
    // USDT is listed once: one balance on two networks, picked on the next screen.
    await expect(page.getByTestId('coin-USDT').getByTestId('coin-networks')).toHaveText('One balance on ERC20 · TRC20');
    await page.getByTestId('coin-USDT').click();
    await page.getByTestId('network-TRC20').click();
    await expect(page.getByTestId('network-TRC20')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('deposit-address')).toHaveText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    await expect(page.getByTestId('deposit-qr')).toBeVisible();
    await page.locator('input[name=amount]').fill('250');
    await page.getByTestId('recharge-submit').click();
    await expect(page.getByRole('alert')).toHaveText('Please upload the payment voucher.');
    await page.getByTestId('voucher').setInputFiles(VOUCHER);
    await expect(page.getByTestId('voucher-button').locator('img')).toHaveAttribute('src', /^\/uploads\//);
    await page.getByTestId('recharge-submit').click();
    await expect(toast(page)).toHaveText('Your recharge has been submitted for review.');
  });

  await test.step('the operator approves the recharge and the balance grows', async () => {
    const recharge = pending().recharges.find((row) => row.uid === uid);
    expect(recharge).toMatchObject({ amount: '250.000000', code: 'USDT' });
    await expect(page.getByTestId('deposit-record').first()).toContainText('Under review');
    operator('approve-recharge', String(recharge?.id));
    await page.reload();
    await expect(page.getByTestId('deposit-record').first()).toContainText('Credited');
    await expect(page.getByTestId('deposit-record').first()).toContainText('250.00');
    const usdt = await holding(page, 'change', 'USDT');
    await expect(usdt.available).toHaveText('10,250.00');
  });

  await test.step('move 1000 USDT to the futures account', async () => {
    await open(page, '/pages/fund/fundTransfer');
    await page.getByTestId('move-to').selectOption('lever');
    await page.locator('input[name=amount]').fill('1000');
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/wallet/change'));
    await page.getByTestId('move-submit').click();
    await expect(toast(page)).toHaveText('Transfer complete.');
    // The form sent a request id: the same request sent again (its answer lost on a bad
    // network) is answered alike and moves nothing more.
    const request = await sent;
    expect(new URLSearchParams(request.postData() ?? '').get('request_id')).toMatch(/^[0-9a-f]{32}$/);
    const again = await page.request.post(request.url(), { headers: await request.allHeaders(), data: request.postData() ?? '' });
    expect(await again.json()).toEqual({ type: 'ok', message: 'Transfer complete.' });
    await expect((await holding(page, 'lever', 'USDT')).available).toHaveText('1,000.00');
    await expect((await holding(page, 'change', 'USDT')).available).toHaveText('9,250.00');
  });

  let boughtBtc = '';
  await test.step('convert 100 USDT to BTC at the live price, with the welcome fee coupon', async () => {
    await open(page, '/pages/fund/transfer');
    await page.getByTestId('exchange-to').selectOption({ label: 'BTC · Bitcoin' });
    await page.locator('input[name=amount]').fill('100');
    // At most the coin's eight decimals, trailing zeros dropped (0.0010428 BTC).
    await expect(page.getByTestId('exchange-estimate')).toHaveText(/^0\.\d{2,8} BTC$/);
    // The amount typed and the estimate, in the chosen fiat: 100 USDT is $100, the estimate $100 less the 0.1 % fee.
    await expect(page.getByTestId('exchange-amount-fiat')).toHaveText('≈ $100.00');
    const estimateUsd = Number(/^≈ \$([\d.]+)$/.exec((await page.getByTestId('exchange-estimate-fiat').textContent()) ?? '')?.[1]);
    expect(Math.abs(estimateUsd - 99.9)).toBeLessThan(0.05);
    // The fee is 0.2 %; the welcome coupon takes half of it off.
    await expect(page.getByTestId('exchange-fee')).toHaveText('0.1%');
    await page.getByTestId('exchange-review').click();
    await page.getByTestId('dialog-confirm').click();
    await expect(toast(page)).toHaveText(/^Exchanged 100\.00 USDT for 0\.\d{2,8} BTC\.$/);
    boughtBtc = /for (0\.\d{2,8}) BTC/.exec((await toast(page).textContent()) ?? '')?.[1] ?? '';
    const btc = await holding(page, 'change', 'BTC');
    await expect(btc.available).toHaveText(boughtBtc);
    await expect((await holding(page, 'change', 'USDT')).available).toHaveText('9,150.00');
    // The coupon is used up: the next conversion pays the whole fee.
    await open(page, '/pages/fund/transfer');
    await expect(page.getByTestId('exchange-fee')).toHaveText('0.2%');
  });

  await test.step('withdraw 50 USDT on TRC20: a wrong pay password changes nothing, the right one freezes the amount', async () => {
    await open(page, '/pages/fund/withdraw?currency=3&network=TRC20');
    await page.locator('input[name=address]').fill(TRON_ADDRESS);
    await page.locator('input[name=amount]').fill('50');
    await expect(page.getByTestId('withdraw-receive')).toHaveText('49.00 USDT');
    await expect(page.getByTestId('withdraw-amount-fiat')).toHaveText('≈ $50.00');
    await expect(page.getByTestId('withdraw-receive-fiat')).toHaveText('≈ $49.00');
    await expect(page.getByTestId('withdraw-limit')).toHaveText('24h limit: 200 BTC (verification level 1)');
    await page.locator('input[name=pay_password]').fill('135790');
    await page.getByTestId('withdraw-submit').click();
    await expect(toast(page)).toHaveText('The pay password is wrong.');
    await page.locator('input[name=address]').fill(`${TRON_ADDRESS.slice(0, -1)}u`);
    await page.locator('input[name=pay_password]').fill(PAY_PASSWORD);
    await page.getByTestId('withdraw-submit').click();
    await expect(toast(page)).toHaveText('This is not a valid TRON (TRC20) address.');
    await expect((await holding(page, 'change', 'USDT')).available).toHaveText('9,150.00');

    await open(page, '/pages/fund/withdraw?currency=3&network=TRC20');
    await page.locator('input[name=address]').fill(TRON_ADDRESS);
    await page.locator('input[name=amount]').fill('50');
    await page.locator('input[name=pay_password]').fill(PAY_PASSWORD);
    await page.getByTestId('withdraw-submit').click();
    await expect(toast(page)).toHaveText('Your withdrawal request has been submitted.');
    await expect(page.getByTestId('withdraw-record').first()).toContainText('Under review');
    const usdt = await holding(page, 'change', 'USDT');
    await expect(usdt.available).toHaveText('9,100.00');
    await expect(usdt.frozen).toHaveText('50.00');
  });

  await test.step('the operator sends the withdrawal and the frozen amount leaves', async () => {
    const withdrawal = pending().withdrawals.find((row) => row.uid === uid);
    expect(withdrawal).toMatchObject({ amount: '50.000000', code: 'USDT', address: TRON_ADDRESS });
    operator('approve-withdrawal', String(withdrawal?.id), 'e2e-txid-0001');
    await open(page, '/pages/fund/receive_withdraw_record?tab=withdrawals');
    await page.reload();
    await expect(page.getByTestId('withdraw-record').first()).toContainText('Sent');
    const usdt = await holding(page, 'change', 'USDT');
    await expect(usdt.available).toHaveText('9,100.00');
    await expect(usdt.frozen).toHaveText('0.00');
  });

  await test.step('the equivalents follow the fiat chosen in settings, at the served rate', async () => {
    const served = (await (await page.request.get(`${baseUrl()}/api/wallet/getRateCurrency`)).json()) as { message: { fiats: { code: string; rate: string }[] } };
    const eur = Number(served.message.fiats.find((entry) => entry.code === 'EUR')?.rate);
    expect(eur).toBeGreaterThan(0);
    await open(page, '/pages/setting/currency');
    await page.getByTestId('currency-EUR').click();
    await open(page, '/pages/fund/withdraw?currency=3&network=TRC20');
    await page.locator('input[name=amount]').fill('50');
    await expect(page.getByTestId('withdraw-amount-fiat')).toHaveText(`≈ €${(50 * eur).toFixed(2)}`);
    await expect(page.getByTestId('withdraw-receive-fiat')).toHaveText(`≈ €${(49 * eur).toFixed(2)}`);
  });

  await test.step('the bills list every movement, newest first', async () => {
    await open(page, '/pages/fund/assets_all_record');
    const bills = page.getByTestId('bill');
    await expect(bills.first()).toContainText('Withdrawal sent');
    for (const reason of ['Withdrawal (frozen)', 'Conversion', 'Transfer', 'Deposit', 'Paper-trading gift']) await expect(bills.filter({ hasText: reason }).first()).toBeVisible();
    await expect(bills.filter({ hasText: 'Deposit' }).first()).toContainText('+250.00 USDT');
    const conversion = bills.filter({ hasText: 'Conversion' });
    await expect(conversion.filter({ hasText: '-100.00 USDT' })).toHaveCount(1);
    await expect(conversion.filter({ hasText: `+${boughtBtc} BTC` })).toHaveCount(1);
    const transfers = bills.filter({ hasText: 'Transfer' });
    await expect(transfers.filter({ hasText: '-1,000.00 USDT' })).toHaveCount(1);
    await expect(transfers.filter({ hasText: '+1,000.00 USDT' })).toHaveCount(1);
  });

  await test.step('the ledger check finds no violation', () => {
    expect(ledgerCheck()).toContain('no violations');
  });
});
