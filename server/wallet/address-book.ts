import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { isValidAddress } from './addresses';
import { ownUpload } from './deposits';
import { usableAt } from '../account-security/whitelist';

/** The withdrawal address book: a name, an address valid for its network, and its QR image. */
export async function saveAddress(ctx: AppContext, userId: number, input: { currency: number; network: string; name: string; address: string; qrcode: string }): Promise<void> {
  const net = ctx.catalogue.network(input.currency, input.network);
  const { currency } = net;
  const address = input.address.trim();
  if (!isValidAddress(net.format, address)) throw new ApiError('server:errors.address_invalid', { network: net.name });
  await ownUpload(ctx, userId, input.qrcode);
  await ctx.db
    .insertInto('user_wallets')
    .values({ user_id: userId, currency_id: currency.id, network: net.network, name: input.name.trim(), address, qrcode: input.qrcode, created_at: ctx.now() })
    .execute();
}

export async function listAddresses(ctx: AppContext, userId: number, page: number, limit: number) {
  const rows = await ctx.db
    .selectFrom('user_wallets')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
  return {
    data: rows.slice(0, limit).map((row) => ({
      id: row.id,
      currency_id: row.currency_id,
      code: ctx.catalogue.currency(row.currency_id).code,
      network: row.network,
      name: row.name,
      address: row.address,
      qrcode: row.qrcode,
      created_at: row.created_at,
      usable_at: usableAt(row.created_at),
    })),
    page,
    limit,
    more: rows.length > limit,
  };
}

export async function deleteAddress(ctx: AppContext, userId: number, id: number): Promise<void> {
  const result = await ctx.db.deleteFrom('user_wallets').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new ApiError('server:errors.record_unknown');
}
