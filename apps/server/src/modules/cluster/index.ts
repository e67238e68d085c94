/** Running as several processes (docs/operations.md "Scaling out"): the bus between processes and the engine role. */
export type { BusStatus, ClusterBus, EngineRole, EngineRoleStatus, RoleWork, UserEventDelivery } from './types';
export { LocalBus, LOCAL_BUS_RING } from './bus-local';
export { NatsBus, type NatsBusOptions } from './bus-nats';
export { createBus } from './create-bus';
export {
  createEngineRole,
  defaultNodeName,
  EmbeddedRole,
  PgElection,
  ENGINE_LOCK_KEY,
  DEFAULT_ELECTION,
  type ElectionOptions,
  type ElectionSettings,
  type ManagedRole,
} from './election';
export { currentEngineEpoch, engineScope, FencedError, isFencedError } from '../../db/engine-scope';
