import { io, type Socket } from 'socket.io-client';
import { clockOffset, SOCKET_EVENTS, USER_EVENTS, type AuctionLive, type DepthMessage, type TickerBatch, type TradeBatch } from '../contract/realtime';
import type { ChatMessageView } from '../contract/worker-api';
import type { Link, LinkEvents } from './core';

/**
 * The socket, with the reconnect policy of spec section 9: delay 1000 to 5000 ms with
 * jitter 0.5, connect time-out 20000 ms, unlimited attempts; websocket only. Its states
 * are closed, opening (first connect), open, reconnecting.
 */
const CLOCK_SAMPLES = 3;
const CLOCK_TIMEOUT_MS = 5000;

export const RECONNECT = { reconnectionDelay: 1000, reconnectionDelayMax: 5000, randomizationFactor: 0.5, timeout: 20_000 } as const;

export function socketLink(origin: string, events: LinkEvents): Link {
  let socket: Socket | null = null;
  let token: string | null = null;
  let everOpen = false;
  /** the app asked to stay offline (no network) */
  let paused = false;

  /** Three round trips; the shortest says the most about the offset. */
  const syncClock = (target: Socket) => {
    void (async () => {
      let best: { trip: number; offset: number } | null = null;
      for (let i = 0; i < CLOCK_SAMPLES; i++) {
        const sentAt = Date.now();
        const serverTime: unknown = await target
          .timeout(CLOCK_TIMEOUT_MS)
          .emitWithAck(SOCKET_EVENTS.clock)
          .catch(() => null);
        const receivedAt = Date.now();
        if (typeof serverTime !== 'number') return;
        const trip = receivedAt - sentAt;
        if (!best || trip < best.trip) best = { trip, offset: clockOffset(sentAt, serverTime, receivedAt) };
      }
      if (best) events.clock(best.offset);
    })();
  };

  const create = () => {
    const created = io(origin, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: true,
      reconnectionAttempts: Infinity,
      ...RECONNECT,
      auth: (callback) => callback({ token }),
    });
    created.on('connect', () => {
      everOpen = true;
      events.status('open');
      syncClock(created);
    });
    created.on('disconnect', (reason) => {
      events.status('reconnecting');
      // socket.io does not come back by itself when the server ends the connection
      // (a restart that says goodbye, a deploy, a load balancer); the policy still holds.
      if (reason === 'io server disconnect' && !paused) {
        setTimeout(
          () => {
            if (!paused && !created.connected) created.connect();
          },
          RECONNECT.reconnectionDelay * (1 + RECONNECT.randomizationFactor * (Math.random() * 2 - 1)),
        );
      }
    });
    created.io.on('reconnect_attempt', () => events.status('reconnecting'));
    created.on('connect_error', () => events.status(everOpen ? 'reconnecting' : 'opening'));
    created.on(SOCKET_EVENTS.tickers, (batch: TickerBatch) => events.tickers(batch));
    created.on(SOCKET_EVENTS.trades, (batch: TradeBatch) => events.trades(batch));
    created.on(SOCKET_EVENTS.depth, (message: DepthMessage) => events.depth(message));
    created.on(SOCKET_EVENTS.auction, (live: AuctionLive) => events.auction(live));
    created.on(SOCKET_EVENTS.chat, (message: ChatMessageView) => events.chat(message));
    for (const event of Object.values(USER_EVENTS)) created.on(event, (payload: unknown) => events.user(event, payload));
    return created;
  };

  return {
    open(initial) {
      token = initial;
      socket ??= create();
    },
    setToken(next) {
      if (next === token) return;
      token = next;
      // Authenticate again: the private room follows the token.
      if (socket?.connected) {
        socket.disconnect();
        socket.connect();
      }
    },
    pause() {
      paused = true;
      if (socket?.connected || socket?.active) {
        socket.disconnect();
        events.status('reconnecting');
      }
    },
    resume() {
      paused = false;
      if (socket && !socket.connected) socket.connect();
    },
    subscribe(channels) {
      if (channels.length > 0) socket?.emit(SOCKET_EVENTS.subscribe, channels);
    },
    unsubscribe(channels) {
      if (channels.length > 0) socket?.emit(SOCKET_EVENTS.unsubscribe, channels);
    },
  };
}
