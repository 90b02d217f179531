import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context';
import type { NftItemsTable } from '../db/schema';
import { hashPassword } from '../security/passwords';
import { createUser } from '../user/users';
import { artwork, demoMedia, type DemoMedia } from './demo-media';
import { checkMedia, storeMedia, type CheckedMedia } from './media';
import type { SaleInput } from './desk';

/**
 * The demo's marketplace (on when DEMO is), made once (when its artists do not exist yet): two
 * artists (users who cannot log in: their passwords are random and never kept), a
 * collection each, artworks drawn on this machine (images, a GIF, a melody, a short
 * video), offered at fixed prices and by auction, one coming later, and a blind box.
 * Prices are the listings' own; nothing about bids, owners or sales is invented: those
 * come from what users do. The nft-demo job offers a demo artwork again once its sale is
 * over and it is still its artist's.
 */
type Plan = {
  name: string;
  description: string;
  rarity: NftItemsTable['rarity'];
  media: 'image' | 'gif' | 'audio' | 'video';
  image?: number;
  sale: (Omit<SaleInput, 'start_at' | 'end_at'> & { startsIn?: number; days: number }) | null;
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const ARTISTS: readonly { email: string; name: string; bio: string; avatar: number; collection: { name: string; description: string; cover: number }; works: readonly Plan[] }[] = [
  {
    email: 'ada.vale@artists.kestrel.local',
    name: 'Ada Vale',
    bio: 'Generative painter: tides, orbits and slow colour, drawn by code.',
    avatar: 4,
    collection: { name: 'Tidal Forms', description: 'Shapes the sea leaves behind, one seed each.', cover: 0 },
    works: [
      { name: 'Tide I', description: 'The first of the tidal forms.', rarity: 'rare', media: 'image', image: 0, sale: { mode: 'normal', price: '120', days: 7 } },
      { name: 'Tide II', description: 'The second tide, bolder.', rarity: 'epic', media: 'image', image: 1, sale: { mode: 'auction', price: '50', increment: '5', deposit: '10', days: 2 } },
      { name: 'Bloom', description: 'A loop that opens and closes.', rarity: 'legendary', media: 'gif', sale: { mode: 'normal', price: '300', days: 7 } },
      { name: 'Shoal', description: 'Many small lights in one direction.', rarity: 'common', media: 'image', image: 2, sale: { mode: 'normal', price: '40', days: 7, startsIn: DAY } },
    ],
  },
  {
    email: 'kenji.mori@artists.kestrel.local',
    name: 'Kenji Mori',
    bio: 'Sound and signal: short pieces for small screens.',
    avatar: 5,
    collection: { name: 'Night Signals', description: 'Tones and pictures for the hours after midnight.', cover: 3 },
    works: [
      { name: 'Night Tone', description: 'A short melody in a minor key.', rarity: 'rare', media: 'audio', sale: { mode: 'auction', price: '30', increment: '2', deposit: '5', days: 1 } },
      { name: 'Signal', description: 'Three seconds of moving light.', rarity: 'epic', media: 'video', sale: { mode: 'normal', price: '80', days: 7 } },
      { name: 'Static', description: 'Noise, arranged.', rarity: 'common', media: 'image', image: 3, sale: { mode: 'normal', price: '25', days: 7 } },
    ],
  },
];

type CheckedDemoMedia = { [K in keyof DemoMedia]: DemoMedia[K] extends Buffer[] ? CheckedMedia[] : CheckedMedia } & { boxArt: CheckedMedia[] };
let checkedDemo: Promise<CheckedDemoMedia> | undefined;

/**
 * The demo's media and the box's pictures, through the same checks as an upload (decoded and
 * written out again): once per process, as the bytes are the same every time.
 */
function checkedDemoMedia(): Promise<CheckedDemoMedia> {
  checkedDemo ??= (async () => {
    const media = await demoMedia();
    return {
      images: await Promise.all(media.images.map(checkMedia)),
      gif: await checkMedia(media.gif),
      audio: await checkMedia(media.audio),
      video: await checkMedia(media.video),
      audioCover: await checkMedia(media.audioCover),
      videoCover: await checkMedia(media.videoCover),
      boxArt: await Promise.all(BOX.rarities.map(async (_, index) => checkMedia(await artwork(100 + index, 3 + index)))),
    };
  })();
  return checkedDemo;
}

/** The blind box: four more of Kenji Mori's pictures, one common, two rare, one legendary. */
const BOX = {
  name: 'Night Signals box',
  description: 'One of four pictures from the Night Signals series, drawn when you open it.',
  price: '25',
  days: 7,
  rarities: ['common', 'rare', 'rare', 'legendary'] as const,
};

export async function seedDemoNft(ctx: AppContext): Promise<boolean> {
  const emails = ARTISTS.map((artist) => artist.email);
  if (await ctx.db.selectFrom('users').select('id').where('email', 'in', emails).limit(1).executeTakeFirst()) return false;
  const media = await checkedDemoMedia();
  const store = (checked: CheckedMedia) => storeMedia({ db: ctx.db, dataDir: ctx.config.dataDir, now: ctx.now }, checked);
  const images = await Promise.all(media.images.map(store));
  const gif = await store(media.gif);
  const audio = await store(media.audio);
  const video = await store(media.video);
  const audioCover = await store(media.audioCover);
  const videoCover = await store(media.videoCover);
  const boxArt = await Promise.all(media.boxArt.map(store));
  const image = (index: number) => images[index] ?? images[0];
  const passwordHash = await hashPassword(randomBytes(32).toString('hex'));

  await ctx.exchange.run(async (step) => {
    const nft = ctx.nft;
    for (const artist of ARTISTS) {
      const user = await createUser(step.trx, { ref: { kind: 'email', email: artist.email }, passwordHash, invitedBy: null, now: step.time });
      await step.trx.updateTable('users').set({ nickname: artist.name }).where('id', '=', user.id).execute();
      await nft.createArtist(step, { user_id: user.id, name: artist.name, bio: artist.bio, avatar: image(artist.avatar)?.path ?? '' });
      const collection = await nft.createCollection(step, {
        artist_uid: user.uid,
        name: artist.collection.name,
        description: artist.collection.description,
        cover: image(artist.collection.cover)?.path ?? '',
      });
      for (const work of artist.works) {
        const stored = work.media === 'gif' ? gif : work.media === 'audio' ? audio : work.media === 'video' ? video : image(work.image ?? 0);
        const cover = work.media === 'audio' ? audioCover.path : work.media === 'video' ? videoCover.path : undefined;
        const item = await nft.createItem(step, {
          artist_uid: user.uid,
          collection_id: collection,
          name: work.name,
          description: work.description,
          rarity: work.rarity,
          media_id: stored?.id ?? 0,
          cover,
        });
        if (!work.sale) continue;
        const row = await step.trx.selectFrom('nft_items').selectAll().where('id', '=', item.id).executeTakeFirstOrThrow();
        const start = step.time + (work.sale.startsIn ?? 0);
        await nft.offer(step, row, user.id, { ...work.sale, start_at: start, end_at: start + work.sale.days * DAY }, { resale: false, reviewed: true });
      }
      if (artist.email.startsWith('kenji')) {
        const codes: string[] = [];
        for (const [index, rarity] of BOX.rarities.entries()) {
          const art = boxArt[index];
          codes.push(
            (
              await nft.createItem(step, {
                artist_uid: user.uid,
                collection_id: collection,
                name: `Night Signal ${index + 1}`,
                description: 'From the Night Signals box.',
                rarity,
                media_id: art?.id ?? 0,
              })
            ).code,
          );
        }
        await nft.createBox(step, { name: BOX.name, description: BOX.description, cover: videoCover.path, price: BOX.price, start_at: step.time, end_at: step.time + BOX.days * DAY, codes });
      }
    }
  });
  return true;
}

/** The nft-demo job: a demo artwork whose sale is over and that its artist still owns is offered again, as before. */
export async function keepDemoNft(ctx: AppContext): Promise<number> {
  const plans = new Map(ARTISTS.flatMap((artist) => artist.works.flatMap((work) => (work.sale ? [[work.name, work.sale] as const] : []))));
  const free = await ctx.db
    .selectFrom('nft_items')
    .innerJoin('users', 'users.id', 'nft_items.owner_id')
    .select(['nft_items.id', 'nft_items.name'])
    .where('nft_items.listed', 'is', null)
    .whereRef('nft_items.owner_id', '=', 'nft_items.creator_id')
    .where(
      'users.email',
      'in',
      ARTISTS.map((artist) => artist.email),
    )
    .execute();
  let offered = 0;
  for (const item of free) {
    const plan = plans.get(item.name);
    if (!plan) continue;
    offered += await ctx.exchange.run(async (step) => {
      const row = await step.trx.selectFrom('nft_items').selectAll().where('id', '=', item.id).executeTakeFirstOrThrow();
      if (row.listed !== null || row.owner_id !== row.creator_id) return 0;
      await ctx.nft.offer(step, row, row.owner_id, { ...plan, start_at: step.time, end_at: step.time + plan.days * DAY }, { resale: false, reviewed: true });
      return 1;
    });
  }
  return offered;
}
