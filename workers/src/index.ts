export { startWorkers, type RunningWorkers } from './start-workers.js'
// For the api's model-switch test only: production code in the api imports startWorkers alone.
export { sweepStaleEmbeddings } from './embed/embed-sweep.js'
// For the api's Top 20 tests: rank now instead of waiting for the scheduled job.
export { rankTop20 } from './top20/top20-ranking.js'
