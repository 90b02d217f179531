import { useCallback, useEffect, useRef, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { api } from '../../api/client';
import { useChatWatch } from '../../core/hooks';
import { connection } from '../../core/store';
import { mergeMessages, type ChatMessage } from './chat';

export interface ChatRoomState {
  messages: ChatMessage[];
  /** the first read has not answered yet */
  loading: boolean;
  /** the room cannot be read (not one's order, a closed connection on the first read) */
  failed: boolean;
  /** older messages remain on the server */
  more: boolean;
  /** reads the page before the oldest held */
  loadOlder: () => Promise<void>;
  /** the writer's own message, as the server answered it */
  add: (message: ChatMessage) => void;
}

/**
 * A chat room's messages: the latest page over REST, then each new one from the socket
 * (the worker's watchChat). When the socket comes up, or back after a break, the latest
 * page is read again, so what was written meanwhile is not missed.
 */
export function useChatRoom(room: string): ChatRoomState {
  useSignals();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [more, setMore] = useState(false);
  const oldest = useRef<number | null>(null);
  const open = connection.value === 'open';

  useChatWatch(room, (incoming) => setMessages((held) => mergeMessages(held, incoming)));

  // At once, and again each time the socket comes (back) up: what was written while it was down is not pushed.
  const [readAt, setReadAt] = useState(0);
  useEffect(() => {
    if (open) setReadAt((count) => count + 1);
  }, [open]);

  useEffect(() => {
    let live = true;
    api('GET /chat/history', { room }, { silent: true }).then(
      (page) => {
        if (!live) return;
        setMessages((held) => mergeMessages(held, page.data));
        setFailed(false);
        if (oldest.current === null) setMore(page.more);
        oldest.current = Math.min(oldest.current ?? Infinity, page.data[0]?.id ?? Infinity);
        setLoading(false);
      },
      () => {
        if (!live) return;
        setFailed(true);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [room, readAt]);

  const loadOlder = useCallback(async () => {
    const before = oldest.current;
    if (before === null || !Number.isFinite(before)) return;
    const page = await api('GET /chat/history', { room, before }, { silent: true });
    oldest.current = Math.min(before, page.data[0]?.id ?? before);
    setMore(page.more);
    setMessages((held) => mergeMessages(held, page.data));
  }, [room]);

  const add = useCallback((message: ChatMessage) => setMessages((held) => mergeMessages(held, [message])), []);

  return { messages, loading, failed, more, loadOlder, add };
}
