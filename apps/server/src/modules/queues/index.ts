// The queues module's face: the back office's dashboard of work waiting in each queue (issue 16).
export { queueRoutes, type QueueSources } from './routes';
