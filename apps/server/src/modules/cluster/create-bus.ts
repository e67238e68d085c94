import { LocalBus } from './bus-local';
import { NatsBus } from './bus-nats';
import type { ClusterBus } from './types';

/** The bus of this process: NATS JetStream when BUS_URL is set, else the in-process one. */
export async function createBus(
  config: { bus: { url: string | undefined; prefix: string } },
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void },
  name?: string,
): Promise<ClusterBus> {
  if (!config.bus.url) return new LocalBus((err) => log?.error({ err }, 'bus handler failed'));
  return NatsBus.connect({
    url: config.bus.url,
    prefix: config.bus.prefix,
    ...(log ? { log } : {}),
    ...(name ? { name } : {}),
  });
}
