import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { CHANNELS, SOCKET_EVENTS, USER_EVENTS, type SubAnswer } from '../../contract/realtime';
import { authenticate, tokenFromHeader } from '../auth/sessions';
import type { AppContext } from '../context';
import { optionView, positionView, spotOrderView } from '../trading/views';

/** The room of one user's private events (positions, option results, balances). */
export const userRoom = (userId: number): string => `user:${userId}`;

const MAX_CHANNELS_PER_SOCKET = 64;

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
  ];
  return () => stops.forEach((stop) => stop());
}

/**
 * socket.io at /socket.io (protocol: contract/realtime.ts). A client may pass its
 * token in the handshake (`auth.token`); a valid one puts the socket in its user's
 * room. Public market channels need no token.
 */
export function attachRealtime(server: HttpServer, ctx: AppContext): Server {
  const io = new Server(server, { path: '/socket.io', serveClient: false, pingInterval: 20_000, pingTimeout: 20_000 });
  const publicChannels = new Set<string>([CHANNELS.tickers, ...ctx.catalogue.markets.flatMap((market) => [CHANNELS.trades(market.id), CHANNELS.depth(market.id)])]);
  io.use((socket, next) => {
    const raw: unknown = socket.handshake.auth['token'];
    const token = tokenFromHeader(typeof raw === 'string' ? raw : undefined);
    authenticate(ctx, token)
      .then((auth) => {
        if (auth) void socket.join(userRoom(auth.user.id));
        next();
      })
      .catch((error: unknown) => next(error instanceof Error ? error : new Error(String(error))));
  });

  io.on('connection', (socket) => {
    socket.on(SOCKET_EVENTS.subscribe, (channels: unknown, ack: unknown) => {
      const list = Array.isArray(channels) ? channels.filter((c): c is string => typeof c === 'string').slice(0, MAX_CHANNELS_PER_SOCKET) : [];
      const unknown = list.filter((channel) => !publicChannels.has(channel));
      const known = list.filter((channel) => publicChannels.has(channel));
      void socket.join(known);
      const answer: SubAnswer = { ok: unknown.length === 0, unknown };
      if (isAck(ack)) ack(answer);
    });
    socket.on(SOCKET_EVENTS.clock, (ack: unknown) => {
      if (isAck(ack)) ack(ctx.market.time(ctx.now()));
    });
    socket.on(SOCKET_EVENTS.unsubscribe, (channels: unknown) => {
      if (!Array.isArray(channels)) return;
      for (const channel of channels) if (typeof channel === 'string' && publicChannels.has(channel)) void socket.leave(channel);
    });
  });

  pushUserEvents(ctx, (userId, event, payload) => io.to(userRoom(userId)).emit(event, payload));
  ctx.market.connect(
    (channel, event, payload) => io.to(channel).emit(event, payload),
    (channel) => (io.sockets.adapter.rooms.get(channel)?.size ?? 0) > 0,
  );
  return io;
}
