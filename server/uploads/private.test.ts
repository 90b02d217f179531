import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { createHarness, type Harness } from '../testing/harness';
import { uploadImage, verifyIdentity } from '../testing/wallet';

/**
 * Identity photos and payment vouchers: public while the user previews them, then, once a
 * submission or a recharge refers to them, out of the public folder and served to the
 * reviewing operator only.
 */
let h: Harness;
let ann: string;
beforeEach(async () => {
  h = await createHarness({ AUTO_APPROVE: 'none' });
  ann = await h.registerUser('ann@example.com');
});
afterEach(async () => {
  await h.close();
});

const publicly = (address: string) => h.app.inject({ method: 'GET', url: address });
const asOperator = (address: string, token?: string) =>
  h.app.inject({ method: 'GET', url: `/api/operator/upload?path=${encodeURIComponent(address)}`, headers: token === undefined ? {} : { 'x-operator-token': token } });
const operatorToken = () => fs.readFileSync(path.join(h.dataDir, 'operator.token'), 'utf8').trim();

describe('private uploads', () => {
  test('document photos leave the public folder when submitted; the operator alone gets them, byte for byte', async () => {
    await verifyIdentity(h, ann, 1);
    const front = await uploadImage(h, ann);
    const back = await uploadImage(h, ann);
    const before = await publicly(front);
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toBe('image/png');

    expect((await h.call(endpoints.realSubmit, { real_type: 2, front_pic: front, reverse_pic: back }, { token: ann })).type).toBe('ok');
    expect((await publicly(front)).statusCode).toBe(404);
    expect((await publicly(back)).statusCode).toBe(404);

    const served = await asOperator(front, operatorToken());
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.rawPayload.equals(before.rawPayload)).toBe(true);
    // The pending list names the photos the operator opens this way.
    const pending = await h.call(endpoints.operatorPending, {}, { operator: true });
    expect(pending.type === 'ok' && pending.message.identities[0]).toMatchObject({ front_pic: front, reverse_pic: back });

    // Nobody else: not a user's token in its place, not without a token.
    expect((await asOperator(front, ann)).statusCode).toBe(401);
    expect((await asOperator(front)).statusCode).toBe(401);
    // Only upload names: no way out of the folders.
    expect((await asOperator('/uploads/../operator.token', operatorToken())).statusCode).toBe(404);
    expect((await asOperator('/etc/passwd', operatorToken())).statusCode).toBe(404);
  });

  test('a payment voucher leaves the public folder with the recharge that refers to it', async () => {
    const voucher = await uploadImage(h, ann);
    expect((await publicly(voucher)).statusCode).toBe(200);
    expect((await h.call(endpoints.rechargeRequest, { currency: 3, network: 'TRC20', amount: '100', voucher }, { token: ann })).type).toBe('ok');
    expect((await publicly(voucher)).statusCode).toBe(404);
    expect((await asOperator(voucher, operatorToken())).statusCode).toBe(200);
  });

  test('other images stay public: an address book QR code is shown to its owner by the app', async () => {
    const qr = await uploadImage(h, ann);
    expect((await h.call(endpoints.addressSave, { currency: 3, network: 'TRC20', name: 'Cold wallet', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', qrcode: qr }, { token: ann })).type).toBe('ok');
    expect((await publicly(qr)).statusCode).toBe(200);
  });
});
