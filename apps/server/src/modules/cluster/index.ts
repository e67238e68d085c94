/** Running as several processes (DESIGN.md §8): the bus between processes and the engine role. */
export type { BusStatus, ClusterBus, EngineRole, EngineRoleStatus, RoleWork, UserEventDelivery } from './types';
export { LocalBus, LOCAL_BUS_RING } from './bus-local';
