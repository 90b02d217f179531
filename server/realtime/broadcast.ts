/**
 * Pushes that do not come from a step of the exchange (a chat message): to a public
 * channel's sockets, or to one user's. The socket server (attachRealtime) plugs in the
 * real ones; without it (tests, a process without sockets) they go nowhere. Over
 * socket.io's adapter they reach every process's sockets.
 */
export class Broadcast {
  private channelImpl: (channel: string, event: string, payload: unknown) => void = () => undefined;
  private userImpl: (userId: number, event: string, payload: unknown) => void = () => undefined;

  connect(channel: (channel: string, event: string, payload: unknown) => void, user: (userId: number, event: string, payload: unknown) => void): void {
    this.channelImpl = channel;
    this.userImpl = user;
  }

  toChannel(channel: string, event: string, payload: unknown): void {
    this.channelImpl(channel, event, payload);
  }

  toUser(userId: number, event: string, payload: unknown): void {
    this.userImpl(userId, event, payload);
  }
}
