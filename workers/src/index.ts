export { startWorkers, type RunningWorkers } from './start-workers.js'
export { embedBook, type EmbedDeps, type EmbedOutcome } from './embed/embed.worker.js'
