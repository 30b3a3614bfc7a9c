export { startWorkers, type RunningWorkers } from './start-workers.js'
// For the api's model-switch test only: production code in the api imports startWorkers alone.
export { sweepStaleEmbeddings } from './embed/embed-sweep.js'
