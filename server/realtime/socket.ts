import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { CHANNELS, SOCKET_EVENTS, type SubAnswer } from '../../contract/realtime';
import { authenticate, tokenFromHeader } from '../auth/sessions';
import type { AppContext } from '../context';
import { INSTRUMENTS } from '../market/instruments';

/** The room of one user's private events (positions, option results, balances). */
export const userRoom = (userId: number): string => `user:${userId}`;

const MAX_CHANNELS_PER_SOCKET = 64;
const publicChannels = new Set<string>([
  CHANNELS.tickers,
  ...INSTRUMENTS.flatMap((def) => [CHANNELS.trades(def.id), CHANNELS.depth(def.id)]),
]);

/**
 * socket.io at /socket.io (protocol: contract/realtime.ts). A client may pass its
 * token in the handshake (`auth.token`); a valid one puts the socket in its user's
 * room. Public market channels need no token.
 */
export function attachRealtime(server: HttpServer, ctx: AppContext): Server {
  const io = new Server(server, { path: '/socket.io', serveClient: false, pingInterval: 20_000, pingTimeout: 20_000 });
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
      if (typeof ack === 'function') ack(answer);
    });
    socket.on(SOCKET_EVENTS.clock, (ack: unknown) => {
      if (typeof ack === 'function') ack(ctx.market.time(ctx.now()));
    });
    socket.on(SOCKET_EVENTS.unsubscribe, (channels: unknown) => {
      if (!Array.isArray(channels)) return;
      for (const channel of channels) if (typeof channel === 'string' && publicChannels.has(channel)) void socket.leave(channel);
    });
  });

  ctx.trading.connect((userId, event, payload) => io.to(userRoom(userId)).emit(event, payload));
  ctx.market.connect(
    (channel, event, payload) => io.to(channel).emit(event, payload),
    (channel) => (io.sockets.adapter.rooms.get(channel)?.size ?? 0) > 0,
  );
  return io;
}
