import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { approveIdentity, baseUrl, dataDir, loggedInUser, ok, post, prepareForWithdrawals, toast, uidOf } from './support';

/**
 * The operator console (/admin/) on a laptop: sign-in with the operator token, the
 * queues (an identity approved with a click, a level 2 submission's private photos and
 * its rejection by keyboard with a reason, a withdrawal approved by keyboard), and the
 * audit filtered by action. A user's token signs nobody in. The market's queues: a trader
 * application, an OTC appeal decided after reading the order's chat, reported chat
 * messages removed or kept.
 */
test.use({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false });

const PAY_PASSWORD = '135790';
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const PHOTO = path.resolve(import.meta.dirname, '../fixtures/avatar.png');

const operatorToken = () => fs.readFileSync(path.join(dataDir(), 'operator.token'), 'utf8').trim();

/** A user's upload (an identity photo), as the app sends it. */
async function upload(page: Page, token: string): Promise<string> {
  const multipart = { file: { name: 'id.png', mimeType: 'image/png', buffer: fs.readFileSync(PHOTO) } };
  const text = await (await page.request.post(`${baseUrl()}/api/upload`, { headers: { authorization: token }, multipart })).text();
  return ok(JSON.parse(decodeURIComponent(text)) as { type: string; message: string });
}

/** The row of the user's item in the queue on screen, and its id. */
async function rowOf(page: Page, uid: number): Promise<{ row: Locator; id: number }> {
  const row = page.locator('[data-testid^="queue-row-"]', { hasText: `UID ${uid} ·` });
  await expect(row).toHaveCount(1);
  const id = Number((await row.getAttribute('data-testid'))?.replace('queue-row-', ''));
  return { row, id };
}

/** Presses j until the row is selected (the first row is selected when the queue opens). */
async function moveTo(page: Page, row: Locator): Promise<void> {
  const rows = page.locator('[data-testid^="queue-row-"]');
  const ids = await rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')));
  const index = ids.indexOf(await row.getAttribute('data-testid'));
  expect(index).toBeGreaterThanOrEqual(0);
  await expect(rows.first()).toHaveAttribute('aria-selected', 'true');
  for (let step = 0; step < index; step++) await page.keyboard.press('j');
  await expect(row).toHaveAttribute('aria-selected', 'true');
}

/** The count on a queue's tab equals the rows it lists (both read again until they agree: the rows render after the count arrives). */
async function expectCountMatches(page: Page, queue: string): Promise<void> {
  const rows = page.locator('[data-testid^="queue-row-"]');
  const count = page.getByTestId(`queue-count-${queue}`);
  await expect.poll(async () => `${await count.textContent()} badge, ${await rows.count()} rows`).toMatch(/^(\d+) badge, \1 rows$/);
}

test('an operator approves an identity with a click and a withdrawal with the keyboard, rejects photos with a reason, and finds it all in the audit', async ({ page }) => {
  const user = await loggedInUser(page, 'console');
  await prepareForWithdrawals(page, user, PAY_PASSWORD);
  const uid = await uidOf(page, user.token);
  ok(await post(page, baseUrl(), 'user/real', { real_type: '1', id_type: 'passport', name: 'Grace Hopper', card_id: 'G1234567' }, user.token));

  await test.step("a user's token signs nobody in, nor does a made-up one", async () => {
    await page.goto(`${baseUrl()}/admin/`);
    await expect(page.getByRole('heading', { name: 'Operator sign-in' })).toBeVisible();
    await expect(page.getByText('It has no control over prices, trades or settlements.')).toBeVisible();
    for (const token of [user.token, 'A'.repeat(43)]) {
      await page.getByLabel('Operator token').fill(token);
      await page.getByTestId('sign-in-submit').click();
      await expect(page.getByTestId('sign-in-problem')).toHaveText("This token is not an operator's.");
    }
    expect(await page.evaluate(() => sessionStorage.getItem('operatorToken'))).toBeNull();
  });

  await test.step('the operator token signs in: the queues, with a count per queue', async () => {
    await page.getByLabel('Operator token').fill(operatorToken());
    await page.getByTestId('sign-in-submit').click();
    await expect(page.getByTestId('signed-in-as')).toHaveText('Signed in as local');
    await expect(page).toHaveURL(/\/admin\/#\/queues\?queue=identities$/);
    await expect(page.getByTestId('queue-keys')).toContainText('Keyboard: j k move · a approve · r reject');
    await expectCountMatches(page, 'identities');
  });

  let identityId = 0;
  await test.step('the level 1 submission is approved with one click: its row leaves and the counts follow', async () => {
    const { row, id } = await rowOf(page, uid);
    identityId = id;
    await row.click();
    await expect(page.getByTestId('queue-detail')).toContainText('Grace Hopper');
    await expect(page.getByTestId('queue-detail')).toContainText('G1234567');
    await row.getByRole('button', { name: 'Approve' }).click();
    await expect(toast(page)).toHaveText('Done.');
    await expect(page.getByTestId(`queue-row-${id}`)).toHaveCount(0);
    await expectCountMatches(page, 'identities');
  });

  let rejectedId = 0;
  await test.step('level 2: the private photos show to the operator; r asks the reason and rejects', async () => {
    const [front, back] = [await upload(page, user.token), await upload(page, user.token)];
    ok(await post(page, baseUrl(), 'user/real', { real_type: '2', front_pic: front, reverse_pic: back }, user.token));
    // Submitted, the photos are private: the public address answers nothing.
    expect((await page.request.get(`${baseUrl()}${front}`)).status()).toBe(404);
    await page.getByTestId('queue-refresh').click();
    const { row, id } = await rowOf(page, uid);
    rejectedId = id;
    await expect(row).toContainText('Level 2');
    await moveTo(page, row);
    const photos = page.getByTestId('queue-detail').getByTestId('private-photo');
    await expect(photos).toHaveCount(2);
    for (const photo of await photos.all()) {
      await expect(photo).toHaveAttribute('src', /^blob:/);
      await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    }
    await page.keyboard.press('r');
    const reason = page.getByLabel('Reason for the rejection');
    await expect(reason).toBeFocused();
    // Keys typed in the reason are words, not shortcuts.
    await reason.pressSequentially('The photos are not readable, please retake them in daylight.');
    await expect(page.getByTestId(`queue-row-${id}`)).toHaveCount(1);
    await reason.press('Enter');
    await expect(toast(page)).toHaveText('Done.');
    await expect(page.getByTestId(`queue-row-${id}`)).toHaveCount(0);
  });

  let withdrawalId = 0;
  await test.step('a withdrawal is approved with the keyboard: j to it, a', async () => {
    const request_id = crypto.randomUUID().replace(/-/g, '');
    ok(await post(page, baseUrl(), 'wallet/out', { currency: '3', network: 'TRC20', address: TRON_ADDRESS, amount: '50', pay_password: PAY_PASSWORD, request_id }, user.token));
    await page.getByTestId('queue-withdrawals').click();
    await expect(page).toHaveURL(/queue=withdrawals$/);
    await page.getByTestId('queue-refresh').click();
    const { row, id } = await rowOf(page, uid);
    withdrawalId = id;
    await expect(row).toContainText('50.00 USDT · TRC20');
    await moveTo(page, row);
    await expect(page.getByTestId('queue-detail')).toContainText(TRON_ADDRESS);
    await page.keyboard.press('a');
    await expect(toast(page)).toHaveText('Done.');
    await expect(page.getByTestId(`queue-row-${id}`)).toHaveCount(0);
    await expectCountMatches(page, 'withdrawals');
    // The user's record says so.
    const log = (await (await page.request.get(`${baseUrl()}/api/user/withdraw/list`, { headers: { authorization: user.token } })).json()) as { message: { data: { id: number; status: string }[] } };
    expect(log.message.data.find((record) => record.id === id)?.status).toBe('completed');
  });

  await test.step('the audit names the operator on each decision, filtered by action', async () => {
    await page.getByTestId('nav-audit').click();
    await expect(page.getByRole('heading', { name: 'Audit' })).toBeVisible();
    const rows = page.getByTestId('audit-row');
    await expect(rows.first()).toBeVisible();

    await page.getByTestId('audit-action').selectOption('approve-withdrawal');
    await page.getByTestId('audit-apply').click();
    await expect(page).toHaveURL(/#\/audit\?action=approve-withdrawal$/);
    await expect(rows.filter({ hasText: `withdrawal:${withdrawalId}` })).toHaveCount(1);
    for (const action of await rows.locator('td:nth-child(3)').allTextContents()) expect(action).toBe('approve-withdrawal');
    await expect(
      rows
        .filter({ hasText: `withdrawal:${withdrawalId}` })
        .locator('td')
        .nth(1),
    ).toHaveText('local');

    await page.getByTestId('audit-action').selectOption('reject-identity');
    await page.getByTestId('audit-apply').click();
    await expect(rows.filter({ hasText: `identity:${rejectedId}` })).toContainText('The photos are not readable, please retake them in daylight.');

    // A target in the log filters by it: the approval of the level 1 submission alone.
    await page.getByTestId('audit-action').selectOption('approve-identity');
    await page.getByTestId('audit-target').fill(`identity:${identityId}`);
    await page.getByTestId('audit-apply').click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('local');
    await expect(rows.first()).toContainText('approve-identity');
  });

  await test.step('signing out leaves nothing of the token in the tab', async () => {
    await page.getByTestId('sign-out').click();
    await expect(page.getByRole('heading', { name: 'Operator sign-in' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('operatorToken'))).toBeNull();
    await page.goto(`${baseUrl()}/admin/#/queues`);
    await expect(page.getByRole('heading', { name: 'Operator sign-in' })).toBeVisible();
  });
});

test('an operator removed while signed in is sent back to the sign-in at the next request, and the audit names who removed whom', async ({ page }) => {
  const name = `ops${Date.now() % 1_000_000}`;
  const asLocal = async (route: string, fields: Record<string, string>) => {
    const response = await page.request.post(`${baseUrl()}/api/operator/${route}`, {
      headers: { 'x-operator-token': operatorToken(), 'content-type': 'application/x-www-form-urlencoded' },
      data: new URLSearchParams(fields).toString(),
    });
    return ok((await response.json()) as { type: string; message: string }) as unknown;
  };
  const added = (await asLocal('operators/add', { name })) as { token: string };

  await page.goto(`${baseUrl()}/admin/`);
  await page.getByLabel('Operator token').fill(added.token);
  await page.getByTestId('sign-in-submit').click();
  await expect(page.getByTestId('signed-in-as')).toHaveText(`Signed in as ${name}`);

  await asLocal('operators/remove', { name });
  await page.getByTestId('queue-refresh').click();
  await expect(toast(page)).toHaveText('Your operator token was refused. Please sign in again.');
  await expect(page.getByRole('heading', { name: 'Operator sign-in' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('operatorToken'))).toBeNull();

  await page.getByLabel('Operator token').fill(operatorToken());
  await page.getByTestId('sign-in-submit').click();
  await page.getByTestId('nav-audit').click();
  await page.getByTestId('audit-target').fill(name);
  await page.getByTestId('audit-apply').click();
  const rows = page.getByTestId('audit-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('operator-remove');
  await expect(rows.nth(1)).toContainText('operator-add');
  for (const row of await rows.all()) await expect(row.locator('td').nth(1)).toHaveText('local');
});

/** A user ready to trade with others: a nickname, mobile and pay password, identity level 1 passed. */
async function verifiedUser(page: Page, label: string, nickname: string): Promise<{ email: string; token: string; uid: number }> {
  const user = await loggedInUser(page, label);
  ok(await post(page, baseUrl(), 'user/editNickname', { nickname }, user.token));
  await prepareForWithdrawals(page, user, PAY_PASSWORD);
  ok(await post(page, baseUrl(), 'user/real', { real_type: '1', id_type: 'passport', name: 'Ada Lovelace', card_id: `P${String(Date.now()).slice(-7)}` }, user.token));
  const uid = await uidOf(page, user.token);
  approveIdentity(uid, 1);
  return { ...user, uid };
}

/** The answer's message of an API call that answers an object. */
const okObject = <T>(answer: { type: string; message: string }): T => ok(answer) as unknown as T;

/** A GET of the app's API, as a user when a token is given. */
async function read<T>(page: Page, route: string, token?: string): Promise<T> {
  const response = await page.request.get(`${baseUrl()}/api/${route}`, { headers: token === undefined ? {} : { authorization: token } });
  return okObject<T>((await response.json()) as { type: string; message: string });
}

test("an operator approves a trader application, decides an OTC appeal after reading the order's chat, and removes or keeps reported chat messages", async ({ page }) => {
  const suffix = String(Date.now()).slice(-4);
  // Ann sells USDT over the counter, applies to be a trader and writes in the chat; Bob buys from her and reports her.
  const ann = await verifiedUser(page, 'console-ann', `Ann${suffix}`);
  const bob = await verifiedUser(page, 'console-bob', `Bob${suffix}`);
  ok(
    await post(
      page,
      baseUrl(),
      'user/cash_save',
      { real_name: 'Ada Lovelace', bank_name: 'Bank of Kestrel', bank_network: 'Harbour Road branch', bank_account: '6222 0200 1234 5678', bank_dizhi: 'Hong Kong', phone: '+852 5555 0101' },
      ann.token,
    ),
  );
  ok(await post(page, baseUrl(), 'wallet/change', { currency_id: '3', number: '1000', from_field: 'change', to_field: 'lever' }, ann.token));
  ok(await post(page, baseUrl(), 'follow/apply', { visibility: 'live' }, ann.token));
  const ad = okObject<{ id: number }>(
    await post(
      page,
      baseUrl(),
      'otc/ad/create',
      { side: 'sell', currency_id: '3', fiat: 'CNY', price_type: 'fixed', price: '7.5', min_fiat: '7.5', max_fiat: '750', amount: '100', payments: 'domestic' },
      ann.token,
    ),
  );
  const order = okObject<{ id: number }>(await post(page, baseUrl(), 'otc/order/create', { ad_id: String(ad.id), fiat_amount: '75', request_id: crypto.randomUUID().replace(/-/g, '') }, bob.token));
  // The specs share one server: the advertisement (priced above otc.spec.ts's, never the
  // best offer) leaves the market once Bob's order is made; the order goes on.
  ok(await post(page, baseUrl(), 'otc/ad/status', { id: String(ad.id), status: 'offline' }, ann.token));
  ok(await post(page, baseUrl(), 'chat/send', { room: `otc:${order.id}`, body: 'I paid 75 CNY by bank transfer.' }, bob.token));
  ok(await post(page, baseUrl(), 'chat/send', { room: `otc:${order.id}`, body: 'Nothing has arrived yet.' }, ann.token));
  ok(await post(page, baseUrl(), 'otc/order/paid', { id: String(order.id) }, bob.token));
  ok(await post(page, baseUrl(), 'otc/order/appeal', { id: String(order.id), reason: 'The seller does not release.' }, bob.token));
  const spam = okObject<{ id: number }>(await post(page, baseUrl(), 'chat/send', { room: 'lang:en', body: `Free coins at my site ${suffix}` }, ann.token));
  const fine = okObject<{ id: number }>(await post(page, baseUrl(), 'chat/send', { room: 'lang:en', body: `BTC looks strong ${suffix}` }, ann.token));
  for (const message of [spam, fine]) ok(await post(page, baseUrl(), 'chat/report', { message_id: String(message.id), reason: 'spam' }, bob.token));

  await page.goto(`${baseUrl()}/admin/`);
  await page.getByLabel('Operator token').fill(operatorToken());
  await page.getByTestId('sign-in-submit').click();
  await expect(page.getByTestId('signed-in-as')).toHaveText('Signed in as local');

  await test.step('the trader application is approved with one click, and the trader is listed', async () => {
    await page.getByTestId('queue-traders').click();
    const { row, id } = await rowOf(page, ann.uid);
    await expect(row).toContainText(`Ann${suffix}`);
    // The applicant's number in the details opens their page in the console, and back.
    await row.getByText(`UID ${ann.uid} ·`).click();
    await page.getByTestId('queue-detail').getByTestId('queue-user-link').click();
    await expect(page).toHaveURL(new RegExp(`#/users/${ann.uid}\\?tab=overview$`));
    await expect(page.getByTestId('user-overview')).toContainText(`Ann${suffix}`);
    await page.goBack();
    await expect(page.getByTestId(`queue-row-${id}`)).toBeVisible();
    await row.getByRole('button', { name: 'Approve' }).click();
    await expect(toast(page)).toHaveText('Done.');
    await expect(page.getByTestId(`queue-row-${id}`)).toHaveCount(0);
    await expectCountMatches(page, 'traders');
    const status = await read<{ status: string }>(page, 'follow/application', ann.token);
    expect(status.status).toBe('approved');
  });

  await test.step("the appeal shows both sides, the appeal's reason and the order's chat; releasing asks a reason both sides read", async () => {
    await page.getByTestId('queue-otc_appeals').click();
    await expect(page.getByTestId('queue-keys')).toContainText('a release · r return');
    const row = page.getByTestId(`queue-row-${order.id}`);
    await expect(row).toContainText(`Order ${order.id} · 10.00 USDT · 75.00 CNY`);
    // The row's words, not its middle: a short row has its buttons there.
    await row.getByText(`Order ${order.id} ·`).click();
    const detail = page.getByTestId('queue-detail');
    await expect(detail).toContainText(`Buyer (UID ${bob.uid})`);
    await expect(detail).toContainText('The seller does not release.');
    const chat = detail.getByTestId('order-chat-message');
    await expect(chat).toHaveCount(2);
    await expect(chat.nth(0)).toContainText(`UID ${bob.uid}`);
    await expect(chat.nth(0)).toContainText('I paid 75 CNY by bank transfer.');
    await expect(chat.nth(1)).toContainText('Nothing has arrived yet.');
    await row.getByRole('button', { name: 'Release to buyer' }).click();
    const reason = page.getByLabel('Reason for releasing the coins to the buyer');
    await expect(reason).toBeFocused();
    await expect(page.getByTestId('reason-form')).toContainText('The buyer and the seller both read this reason.');
    // An empty reason is refused at its field and decides nothing.
    await page.getByTestId('reason-confirm').click();
    await expect(page.getByRole('alert')).toHaveText('Write the reason first.');
    await reason.fill("The bank's receipt matches the order.");
    await reason.press('Enter');
    await expect(toast(page)).toHaveText('Done.');
    await expect(row).toHaveCount(0);
    const decided = await read<{ status: string }>(page, `otc/order/detail?id=${order.id}`, bob.token);
    expect(decided.status).toBe('released');
  });

  await test.step('a reported message is removed with a, another kept with r: neither asks a reason', async () => {
    await page.getByTestId('queue-chat_reports').click();
    await expect(page.getByTestId('queue-keys')).toContainText('a remove · r dismiss');
    const spamRow = page.locator('[data-testid^="queue-row-"]', { hasText: `Free coins at my site ${suffix}` });
    await moveTo(page, spamRow);
    await page.keyboard.press('a');
    await expect(toast(page)).toHaveText('Done.');
    await expect(spamRow).toHaveCount(0);
    const fineRow = page.locator('[data-testid^="queue-row-"]', { hasText: `BTC looks strong ${suffix}` });
    await moveTo(page, fineRow);
    await page.keyboard.press('r');
    await expect(page.getByTestId('reason-form')).toHaveCount(0);
    await expect(fineRow).toHaveCount(0);
    await expectCountMatches(page, 'chat_reports');
    const room = await read<{ data: { id: number; body: string; removed: boolean }[] }>(page, 'chat/history?room=lang:en');
    expect(room.data.find((message) => message.id === spam.id)).toMatchObject({ body: '', removed: true });
    expect(room.data.find((message) => message.id === fine.id)).toMatchObject({ body: `BTC looks strong ${suffix}`, removed: false });
  });

  await test.step("the audit holds each decision with the operator's reason", async () => {
    await page.getByTestId('nav-audit').click();
    const rows = page.getByTestId('audit-row');
    for (const [target, action, detail] of [
      [`otc:${order.id}`, 'otc-release', "The bank's receipt matches the order."],
      [`chat:${spam.id}`, 'chat-remove', ''],
      [`chat:${fine.id}`, 'chat-dismiss', ''],
    ] as const) {
      await page.getByTestId('audit-target').fill(target);
      await page.getByTestId('audit-apply').click();
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(action);
      if (detail !== '') await expect(rows.first()).toContainText(detail);
    }
  });
});

test('an operator secures an account with a password and an authenticator app, then signs in with them; the console session ends at sign-out', async ({ page }) => {
  const name = `acct${Date.now() % 1_000_000}`;
  const response = await page.request.post(`${baseUrl()}/api/operator/operators/add`, {
    headers: { 'x-operator-token': operatorToken(), 'content-type': 'application/x-www-form-urlencoded' },
    data: new URLSearchParams({ name }).toString(),
  });
  const added = ok((await response.json()) as { type: string; message: string }) as unknown as { token: string };
  const password = 'a long operator passphrase';

  await page.goto(`${baseUrl()}/admin/`);
  await page.getByLabel('Operator token').fill(added.token);
  await page.getByTestId('sign-in-submit').click();
  await expect(page.getByTestId('signed-in-as')).toHaveText(`Signed in as ${name}`);

  let secret = '';
  await test.step('the account page secures it: the authenticator as a QR code and a key, its first code and a password', async () => {
    await page.getByTestId('nav-account').click();
    await expect(page.getByTestId('account-status')).toContainText('not secured yet');
    await page.getByTestId('totp-start').click();
    await expect(page.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
    secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Repeat the new password').fill('not the same passphrase');
    await page.getByLabel('Code from the new authenticator').fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate());
    await page.getByTestId('secure-submit').click();
    await expect(page.getByTestId('secure-problem')).toHaveText('The two passwords differ.');
    await page.getByLabel('Repeat the new password').fill(password);
    await page.getByTestId('secure-submit').click();
    await expect(toast(page)).toHaveText('The account is secured.');
    await expect(page.getByTestId('account-status')).toHaveText(`${name}: secured with a password and an authenticator app.`);
    await page.getByTestId('sign-out').click();
  });

  await test.step('signing in with the account: a wrong code is refused like a wrong password; the right one opens a session of its own', async () => {
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Authenticator code').fill('000000');
    await page.getByTestId('account-sign-in-submit').click();
    await expect(page.getByTestId('account-sign-in-problem')).toHaveText('The name, password or code is wrong.');
    // The setup used this 30-second step's code: the next step's, which the server accepts a step early.
    await page.getByLabel('Authenticator code').fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + 30_000 }));
    await page.getByTestId('account-sign-in-submit').click();
    await expect(page.getByTestId('signed-in-as')).toHaveText(`Signed in as ${name}`);
    const sessionToken = await page.evaluate(() => sessionStorage.getItem('operatorToken'));
    expect(sessionToken).not.toBe(added.token);
    await page.getByTestId('nav-account').click();
    await expect(page.getByTestId('account-session')).toHaveCount(1);
    await expect(page.getByTestId('account-session')).toContainText('This session');
    await page.getByTestId('sign-out').click();
    await expect(page.getByRole('heading', { name: 'Operator sign-in' })).toBeVisible();
    // Signed out on the server too: the session's token opens nothing.
    const after = await page.request.get(`${baseUrl()}/api/operator/me`, { headers: { 'x-operator-token': sessionToken ?? '' } });
    expect(((await after.json()) as { type: string }).type).toBe('999');
  });

  await test.step('the audit names the securing and the sign-in', async () => {
    await page.getByLabel('Operator token').fill(operatorToken());
    await page.getByTestId('sign-in-submit').click();
    await page.getByTestId('nav-audit').click();
    await page.getByTestId('audit-operator').selectOption(name);
    await page.getByTestId('audit-apply').click();
    const rows = page.getByTestId('audit-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('operator-sign-in');
    await expect(rows.nth(1)).toContainText('operator-secure');
  });
});

test('the overview shows the exchange at a glance and runs the ledger check on demand', async ({ page }) => {
  await page.goto(`${baseUrl()}/admin/`);
  await page.getByLabel('Operator token').fill(operatorToken());
  await page.getByTestId('sign-in-submit').click();
  await page.getByTestId('nav-overview').click();
  await expect(page.getByRole('heading', { name: 'The exchange at a glance' })).toBeVisible();
  // The users the suite registered, counted from the records.
  const users = Number((await page.getByTestId('overview-users').locator('p').first().textContent())?.replace(/,/g, ''));
  expect(users).toBeGreaterThan(0);
  for (const chart of ['Sign-ups per day', 'Deposits (up) and withdrawals (down) per day', 'Fees earned per day, USDT']) await expect(page.getByRole('img', { name: chart })).toBeVisible();
  await page.getByTestId('ledger-check-run').click();
  await expect(toast(page)).toHaveText('The ledger is consistent.');
  await expect(page.getByTestId('ledger-check-result')).toHaveText('The ledger is consistent.');
  await expect(page.getByTestId('ledger-check')).toContainText('by local');
  await page.getByTestId('nav-audit').click();
  await page.getByTestId('audit-action').selectOption('ledger-check');
  await page.getByTestId('audit-apply').click();
  await expect(page.getByTestId('audit-row').first()).toContainText('0 violations');
});
