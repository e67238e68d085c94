import { useEffect, useRef } from 'react';
import { connectionFor, marketConnection } from './connections';
import { streamKey, type DataMessage, type StreamListener, type StreamRequest } from './socket';
import { useSessionStore } from '../session/session-store';

export interface StreamHandlers {
  onData: (message: DataMessage) => void;
  onError?: (code: number, message: string) => void;
  onReconnect?: () => void;
  /** Replaces the watchdog's default recovery (subscribe again) for this stream. */
  recover?: StreamListener['recover'];
}

/**
 * Subscribes to a market stream while the component is mounted (null: none). The handlers may
 * change on every render; the subscription changes only with the request.
 */
export function useMarketStream(request: StreamRequest | null, handlers: StreamHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const key = request ? `${streamKey(request)}|${JSON.stringify(request)}` : null;

  useEffect(() => {
    if (!request) return undefined;
    const listener: StreamListener = {
      onData: (m) => latest.current.onData(m),
      onError: (code, msg) => latest.current.onError?.(code, msg),
      onReconnect: () => latest.current.onReconnect?.(),
      ...(handlers.recover ? { recover: (resubscribe: () => void) => latest.current.recover?.(resubscribe) } : {}),
    };
    return marketConnection(connectionFor(request)).subscribe(request, listener);
    // `key` stands for `request`, a new object on every render.
  }, [key]);
}

/**
 * The signed-in user's open-order events (docs/product.md §7 "Sockets": `openOrders`, with the user's token), for the trading
 * screens: `onEvent` gets each `orders` event's data, for example `{ type: 'resync' }` when
 * events were dropped and the orders should be reloaded over HTTP.
 */
export function useOpenOrdersStream(
  onEvent: (event: unknown) => void,
  onError?: (code: number, message: string) => void,
): void {
  const token = useSessionStore((s) => s.token);
  useMarketStream(token ? { channel: 'openOrders', token } : null, {
    onData: (m) => {
      if (m.eventType === 'orders') onEvent(m.data);
    },
    // Silent by nature (events come only when an order changes): silence is no sign of a lost
    // subscription, and re-subscribing would risk missing an event. After a reconnect (which
    // subscribes again) events may have been missed: the screens reload as on a server resync.
    recover: () => undefined,
    onReconnect: () => onEvent({ type: 'resync' }),
    ...(onError ? { onError } : {}),
  });
}
