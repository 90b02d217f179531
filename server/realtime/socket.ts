import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { AUCTION_CHANNEL, CHANNELS, CHAT_CHANNEL, SOCKET_EVENTS, SOCKET_LIMITS, USER_EVENTS, type LimitedNotice, type SubAnswer } from '../../contract/realtime';
import { authenticate, tokenFromHeader } from '../auth/sessions';
import type { AppContext } from '../context';
import { auctionLive } from '../nft/views';
import { optionView, positionView, spotOrderView } from '../trading/views';
import { firingView } from '../alerts/views';
import { MessageBudget } from './limits';

/** The room of one user's private events (positions, option results, balances). */
export const userRoom = (userId: number): string => `user:${userId}`;
/** The room of the sockets of one session, closed when it ends. */
const sessionRoom = (sessionId: number): string => `session:${sessionId}`;

/** Names past these in one 'sub' are not read. */
const MAX_NAMES_PER_SUB = 2 * SOCKET_LIMITS.channels;
/** A client sends channel lists: a message far larger is refused by socket.io before it is read. */
const MAX_MESSAGE_BYTES = 16 * 1024;

/** The acknowledgement callback socket.io passes last when the client asked for one. */
const isAck = (value: unknown): value is (answer: unknown) => void => typeof value === 'function';

/**
 * What a step changed for a user, as the private events of contract/realtime.ts
 * (USER_EVENTS), handed to `push` once the step has committed: a subscriber of the
 * exchange's bus. Answers the unsubscribe.
 */
export function pushUserEvents(ctx: Pick<AppContext, 'exchange' | 'catalogue'>, push: (userId: number, event: string, payload: unknown) => void): () => void {
  const { bus } = ctx.exchange;
  const stops = [
    bus.subscribe('spotOrder', ({ order }) => push(order.user_id, USER_EVENTS.spotOrder, spotOrderView(ctx.catalogue, order))),
    bus.subscribe('position', ({ position }) => push(position.user_id, USER_EVENTS.position, positionView(ctx.catalogue, position))),
    bus.subscribe('option', ({ option }) => push(option.user_id, USER_EVENTS.option, optionView(ctx.catalogue, option))),
    bus.subscribe('alertFired', ({ firing }) => push(firing.user_id, USER_EVENTS.alert, firingView(ctx.catalogue, firing))),
  ];
  return () => stops.forEach((stop) => stop());
}

/**
 * socket.io at /socket.io (protocol: contract/realtime.ts). A client may pass its
 * token in the handshake (`auth.token`); a valid one puts the socket in its user's
 * room. Public market channels need no token.
 */
export function attachRealtime(server: HttpServer, ctx: AppContext): Server {
  const io = new Server(server, { path: '/socket.io', serveClient: false, pingInterval: 20_000, pingTimeout: 20_000, maxHttpBufferSize: MAX_MESSAGE_BYTES });
  // With REDIS_URL, the processes' sockets are linked by socket.io's Redis streams adapter:
  // a user's events, a session's end, chat and auctions reach the sockets of every process.
  const linked = ctx.config.redisUrl !== null;
  if (ctx.config.redisUrl !== null) {
    const redis = new Redis(ctx.config.redisUrl);
    redis.on('error', (error: Error) => console.error('redis (sockets)', error.message));
    io.adapter(createAdapter(redis, { streamName: `${ctx.config.redisPrefix}:socket.io` }));
    server.once('close', () => void redis.quit().catch(() => undefined));
  }
  const publicChannels = new Set<string>([CHANNELS.tickers, ...ctx.catalogue.markets.flatMap((market) => [CHANNELS.trades(market.id), CHANNELS.depth(market.id)])]);
  // A market listed while running (an IEO's token) opens its channels.
  const isPublic = (channel: string) => publicChannels.has(channel) || AUCTION_CHANNEL.test(channel) || CHAT_CHANNEL.test(channel);
  // An NFT auction's figures after a bid or at its close, to whoever watches it.
  ctx.exchange.bus.subscribe('nftAuction', ({ saleId }) => {
    const channel = CHANNELS.auction(saleId);
    // This process's sockets only, unless linked: then another process's may watch it.
    if (!linked && (io.sockets.adapter.rooms.get(channel)?.size ?? 0) === 0) return;
    void auctionLive(ctx, saleId)
      .then((live) => live && io.to(channel).emit(SOCKET_EVENTS.auction, live))
      .catch((error: unknown) => console.error('an auction push failed', error));
  });
  ctx.exchange.bus.subscribe('listing', ({ market }) => {
    if (market) for (const channel of [CHANNELS.trades(market.market.id), CHANNELS.depth(market.market.id)]) publicChannels.add(channel);
  });
  io.use((socket, next) => {
    const raw: unknown = socket.handshake.auth['token'];
    const token = tokenFromHeader(typeof raw === 'string' ? raw : undefined);
    authenticate(ctx, token)
      .then((auth) => {
        if (auth) void socket.join([userRoom(auth.user.id), sessionRoom(auth.sessionId)]);
        next();
      })
      .catch((error: unknown) => next(error instanceof Error ? error : new Error(String(error))));
  });

  io.on('connection', (socket) => {
    // SOCKET_LIMITS.messagesPerSecond: the rest of the second is dropped, a flood disconnected.
    const budget = new MessageBudget(SOCKET_LIMITS.messagesPerSecond);
    socket.use((_packet, next) => {
      const verdict = budget.take(Date.now());
      if (verdict === 'pass') return next();
      if (verdict === 'warn') socket.emit(SOCKET_EVENTS.limited, { reason: 'messages' } satisfies LimitedNotice);
      if (verdict === 'close' && socket.connected) {
        socket.emit(SOCKET_EVENTS.limited, { reason: 'flood' } satisfies LimitedNotice);
        socket.disconnect(true);
      }
    });
    socket.on(SOCKET_EVENTS.subscribe, (channels: unknown, ack: unknown) => {
      const list = Array.isArray(channels) ? channels.filter((c): c is string => typeof c === 'string').slice(0, MAX_NAMES_PER_SUB) : [];
      const unknown = list.filter((channel) => !isPublic(channel));
      // SOCKET_LIMITS.channels at once: the channels past them are refused, by name.
      const fresh = [...new Set(list.filter((channel) => isPublic(channel) && !socket.rooms.has(channel)))];
      let joined = 0;
      for (const room of socket.rooms) if (isPublic(room)) joined++;
      const room = Math.max(0, SOCKET_LIMITS.channels - joined);
      const refused = fresh.slice(room);
      void socket.join(fresh.slice(0, room));
      const answer: SubAnswer = refused.length > 0 ? { ok: false, unknown, refused } : { ok: unknown.length === 0, unknown };
      if (isAck(ack)) ack(answer);
    });
    socket.on(SOCKET_EVENTS.clock, (ack: unknown) => {
      if (isAck(ack)) ack(ctx.market.time(ctx.now()));
    });
    socket.on(SOCKET_EVENTS.unsubscribe, (channels: unknown) => {
      if (!Array.isArray(channels)) return;
      for (const channel of channels) if (typeof channel === 'string' && isPublic(channel)) void socket.leave(channel);
    });
  });

  pushUserEvents(ctx, (userId, event, payload) => io.to(userRoom(userId)).emit(event, payload));
  ctx.broadcast.connect(
    (channel, event, payload) => io.to(channel).emit(event, payload),
    (userId, event, payload) => io.to(userRoom(userId)).emit(event, payload),
  );
  // An ended session's sockets are closed (through the adapter: on every process). The
  // client connects again with the token it holds now: a logged-out device gets the
  // public channels back, a revoked token no longer gets its user's private events.
  ctx.sessions.subscribe((end) => io.in(end.sessionId === null ? userRoom(end.userId) : sessionRoom(end.sessionId)).disconnectSockets());
  // The market feed goes to this process's own sockets: from its engine (one process), or
  // from the owners' Redis streams, every process reading all of them (CLUSTER: ARCHITECTURE.md, Storage and processes).
  ctx.market.connect(
    (channel, event, payload) => io.local.to(channel).emit(event, payload),
    (channel) => (io.sockets.adapter.rooms.get(channel)?.size ?? 0) > 0,
  );
  return io;
}
