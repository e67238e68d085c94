import { currentHeaderLang } from '../i18n';
import { MarketSocket, clientId, marketSocketUrl, type StreamRequest } from './socket';

/**
 * The app's market connections (docs/product.md §4 "Sockets": connections open and close per market type
 * and symbol): `general` carries the ticker lists and the signed-in user's order events (which belong to
 * no symbol: one connection fewer for every signed-in tab, decision 0158), `symbol:<SYMBOL>` one
 * instrument's realtime ticker, depth, candles and trades. Each opens with its first stream and closes
 * shortly after its last one goes.
 */
export type ConnectionKey = 'general' | `symbol:${string}`;

const connections = new Map<ConnectionKey, MarketSocket>();

/** Connections that opened and then were lost (their prices are no longer live). */
const down = new Set<ConnectionKey>();
const statusListeners = new Set<() => void>();

/** Whether the connection of `key` was lost and is reconnecting (false before it first opens). */
export function isConnectionDown(key: ConnectionKey): boolean {
  return down.has(key);
}

/** Calls `listener` when a connection is lost or comes back; returns the unsubscribe function. */
export function onConnectionStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

function setDown(key: ConnectionKey, isDown: boolean): void {
  if (down.has(key) === isDown) return;
  if (isDown) down.add(key);
  else down.delete(key);
  for (const l of statusListeners) l();
}

export function connectionFor(request: StreamRequest): ConnectionKey {
  switch (request.channel) {
    case 'general':
    case 'openOrders':
      return 'general';
    default:
      return `symbol:${request.currency}`;
  }
}

/** The connection of `key`, opened on first use. */
export function marketConnection(key: ConnectionKey): MarketSocket {
  const existing = connections.get(key);
  if (existing) return existing;
  const socket: MarketSocket = new MarketSocket({
    // A new id and the current language on every attempt.
    url: () => marketSocketUrl(window.location, clientId(), currentHeaderLang()),
    createSocket: (url) => new WebSocket(url),
    onIdle: () => {
      if (connections.get(key) !== socket) return;
      connections.delete(key);
      setDown(key, false);
    },
    onStatus: (open) => {
      if (connections.get(key) === socket) setDown(key, !open);
    },
  });
  connections.set(key, socket);
  return socket;
}
