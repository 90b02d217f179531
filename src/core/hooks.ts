import { useEffect, useRef } from 'react';
import type { ChatMessageView } from '../../contract/worker-api';
import { ensureCore } from '.';
import type { AuctionLive } from '../../contract/realtime';
import { auctionOf, onChat } from './store';

/** Screens say what they show; the worker keeps exactly that live. */
let tickerWatchers = 0;

export function useTickers(): void {
  useEffect(() => {
    const core = ensureCore();
    if (tickerWatchers++ === 0) void core.watchTickers(true);
    return () => {
      if (--tickerWatchers === 0) void core.watchTickers(false);
    };
  }, []);
}

/** The user's positions, options and order events, live while a trade screen shows them. */
export function useAccountWatch(active = true): void {
  useEffect(() => {
    if (!active) return undefined;
    const core = ensureCore();
    void core.watchAccount(true);
    return () => void core.watchAccount(false);
  }, [active]);
}

/**
 * An NFT auction's live figures while a screen shows it: null until the socket pushes a
 * bid or its close (the screen shows what it loaded over REST until then).
 */
export function useAuctionWatch(saleId: number | undefined): AuctionLive | null {
  useEffect(() => {
    if (saleId === undefined) return undefined;
    const core = ensureCore();
    void core.watchAuction(saleId, true);
    return () => void core.watchAuction(saleId, false);
  }, [saleId]);
  return saleId === undefined ? null : auctionOf(saleId).value;
}

/**
 * A chat room's new messages while a screen shows it ("lang:<code>" or "otc:<orderId>"):
 * `receive` gets each frame's, oldest first. The screen reads the history over REST, and
 * again when the socket comes back (what was written meanwhile is not pushed).
 */
export function useChatWatch(room: string | null, receive: (messages: readonly ChatMessageView[]) => void): void {
  const latest = useRef(receive);
  latest.current = receive;
  useEffect(() => {
    if (room === null) return undefined;
    const core = ensureCore();
    const stop = onChat((messages) => {
      const mine = messages.filter((message) => message.room === room);
      if (mine.length > 0) latest.current(mine);
    });
    void core.watchChat(room, true);
    return () => {
      stop();
      void core.watchChat(room, false);
    };
  }, [room]);
}

export function useMarketWatch(marketId: number | undefined): void {
  useEffect(() => {
    if (marketId === undefined) return undefined;
    const core = ensureCore();
    void core.watchMarket(marketId, true);
    return () => void core.watchMarket(marketId, false);
  }, [marketId]);
}
