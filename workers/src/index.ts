export { startWorkers, type RunningWorkers } from './start-workers.js'
export { embedBook, publishTo, type EmbedDeps, type EmbedOutcome } from './embed/embed.worker.js'
export { modelsInUse, sweepStaleEmbeddings } from './embed/embed-sweep.js'
export { ModelEmbedders } from './embed/model-embedders.js'
