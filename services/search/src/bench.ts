/*
 * What the benches (bench/, `@bookstrut/search/bench`) use of search beyond its main entry: the ranking's parts and
 * constants they measure and vary (first stage, second stage and its training rows, passage schemes, the scale and
 * score curve, the scan's quantisation, the approximate index's defaults, the agreement rule). Benches only.
 */
export { createEmbedder } from './embedder.js'
export { bookPassages, embeddedPassages, PASSAGES, type PassageScheme } from './book-passages.js'
export { cosineForScore, offBaseScale, onBaseScale, passesFloor, strutScores } from './strut-score.js'
export { QUANT_SCALE } from './vector-index.js'
export { ANN_DEFAULTS } from './ann-vector-index.js'
export { firstStage, type FirstStage } from './idea-ranking.js'
export { createPostgresSurfaceIndex } from './surface/index.js'
export { passingTrainedVersions } from './model-registry.js'
export { LEXICAL_WEIGHT, type LexicalMatches } from './lexical/idea-fusion.js'
export {
  loadSecondStageModel,
  SECOND_STAGE_FEATURES,
  SECOND_STAGE_MODEL_FILE,
  secondStageFeatures,
  type SecondStageInput,
  type SecondStageModel,
} from './second-stage.js'
export { AGREEMENT, type AgreementRule } from './found-it/agreement.js'
