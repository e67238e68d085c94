import { currentHeaderLang } from '../i18n';
import { MarketSocket, clientId, marketSocketUrl, type StreamRequest } from './socket';

/**
 * The app's market connections (spec §4 "Sockets": connections open and close per market type
 * and symbol): `general` carries the ticker lists, `symbol:<SYMBOL>` one instrument's realtime
 * ticker, depth and candles, `orders` the user's open orders. Each opens with its first stream
 * and closes shortly after its last one goes.
 */
export type ConnectionKey = 'general' | 'orders' | `symbol:${string}`;

const connections = new Map<ConnectionKey, MarketSocket>();

export function connectionFor(request: StreamRequest): ConnectionKey {
  switch (request.channel) {
    case 'general':
      return 'general';
    case 'openOrders':
      return 'orders';
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
      if (connections.get(key) === socket) connections.delete(key);
    },
  });
  connections.set(key, socket);
  return socket;
}
