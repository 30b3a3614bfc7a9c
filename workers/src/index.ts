export { startWorkers, type RunningWorkers } from './start-workers.js'
