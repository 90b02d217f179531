import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { authenticate, tokenFromHeader } from '../auth/sessions';
import type { AppContext } from '../context';

/** The room of one user's private events (positions, option results, balances). */
export const userRoom = (userId: number): string => `user:${userId}`;

/**
 * socket.io at /socket.io. A client may pass its token in the handshake (`auth.token`);
 * a valid one puts the socket in its user's room. Without one the socket still gets
 * the public market channels.
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
  return io;
}
