import path from 'node:path'
import { existsSync } from 'node:fs'
import { Type, type Static } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'

/**
 * The environment variables BookStrut reads. Defaults are the one-machine setup; docs/operations.md's table mirrors this.
 * Nothing else in the code base reads process.env.
 */
const Env = Type.Object({
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], {
    default: 'development',
  }),
  HOST: Type.String({ default: '127.0.0.1' }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  DATA_DIR: Type.String({ minLength: 1, default: './data' }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  REDIS_URL: Type.String({ pattern: '^rediss?://', default: 'redis://127.0.0.1:6379' }),
  REDIS_PREFIX: Type.String({ pattern: '^[A-Za-z0-9_-]+$', default: 'bookstrut' }),
  EMBEDDED_REDIS: Type.Boolean({ default: true }),
  EMBEDDED_PG_PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 5433 }),
  RUN_WORKERS: Type.Boolean({ default: true }),
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://' })),
  MAIL_FROM: Type.String({ default: 'BookStrut <no-reply@bookstrut.local>' }),
  SUPPORT_EMAIL: Type.String({ default: 'support@bookstrut.local' }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
  // `true` trusts every hop (the leftmost X-Forwarded-For address wins: only when the proxy replaces the header);
  // a list of the proxies' own addresses trusts those hops alone, so an address a client wrote into the header
  // itself is never taken for its own (the split stack: 127.0.0.1, its load balancer).
  TRUST_PROXY: Type.String({
    pattern: '^(true|false|[0-9A-Fa-f.:/]+(,[0-9A-Fa-f.:/]+)*)$',
    default: 'false',
    description: 'true, false, or the comma-separated addresses (CIDR allowed) of the proxies in front',
  }),
  SESSION_TTL_DAYS: Type.Integer({ minimum: 1, maximum: 365, default: 30 }),
  PASSWORD_HASH_COST: Type.Integer({
    minimum: 10,
    maximum: 20,
    default: 15,
    description: 'log2 of the scrypt cost N',
  }),
  CLIENT_DIST: Type.Optional(Type.String()),
  SITEMAP_PAGE_SIZE: Type.Integer({
    minimum: 1,
    maximum: 50_000,
    default: 50_000,
    description:
      'addresses per sitemap file; past it /sitemap.xml is a sitemap index (50,000 is the protocol limit)',
  }),
  MODELS_DIR: Type.Optional(Type.String({ minLength: 1 })),
  EMBEDDING_MODEL: Type.String({
    pattern: '^(auto|[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+){1,2})$',
    default: 'auto',
    description:
      'auto (our shipped idea encoder, or a newer one trained here), a model id (org/name) under MODELS_DIR or on the Hugging Face hub, the shipped bookstrut/idea-encoder-v2 (or -v1, its predecessor), or a trained bookstrut/idea-encoder/<version>',
  }),
  EMBEDDING_THREADS: Type.Integer({ minimum: 1, maximum: 64, default: 1 }),
  IDEA_INDEX_CATCH_UP_MS: Type.Integer({
    minimum: 1000,
    maximum: 86_400_000,
    default: 30_000,
    description:
      'how often an api process looks for stored vectors nobody announced (announcements come at once)',
  }),
  IDEA_INDEX: Type.Union([Type.Literal('auto'), Type.Literal('exact'), Type.Literal('ann')], {
    default: 'auto',
    description:
      'idea index: exact brute force, approximate (ann: a scan of projected rows, the best books rescored exactly), or by catalogue size (auto)',
  }),
  IDEA_INDEX_ANN_FROM_BOOKS: Type.Integer({
    minimum: 1,
    default: 250_000,
    description: 'IDEA_INDEX=auto switches to the approximate index from this many books',
  }),
  IDEA_SCAN_THREADS: Type.Integer({
    minimum: 0,
    maximum: 64,
    default: 0,
    description: 'threads one exact idea search scans with; 0: every core, up to 4',
  }),
  MEILI_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  MEILI_KEY: Type.Optional(Type.String()),
  SEARCH_RATE_LIMIT_ANON: Type.Integer({
    minimum: 1,
    maximum: 1_000_000,
    default: 60,
    description: 'searches (idea and keyword together) a minute per IP address for callers not signed in',
  }),
  SEARCH_RATE_LIMIT_USER: Type.Integer({
    minimum: 1,
    maximum: 1_000_000,
    default: 240,
    description: 'searches (idea and keyword together) a minute per signed-in account',
  }),
  CLICKHOUSE_URL: Type.Optional(
    Type.String({
      pattern: '^https?://',
      description:
        'a ClickHouse server for analytics (HTTP interface); unset = chDB embedded under DATA_DIR/analytics',
    }),
  ),
  ANALYTICS_DIR: Type.Optional(
    Type.String({
      minLength: 1,
      description: 'where chDB keeps the analytics data (default DATA_DIR/analytics)',
    }),
  ),
  ANALYTICS_FLUSH_ROWS: Type.Integer({
    minimum: 1,
    maximum: 100_000,
    default: 1000,
    description: 'the ingest worker writes a batch once it holds this many events',
  }),
  ANALYTICS_FLUSH_MS: Type.Integer({
    minimum: 10,
    maximum: 60_000,
    default: 1000,
    description: 'or once its first event has waited this long',
  }),
  EVENTS_RATE_LIMIT_ANON: Type.Integer({
    minimum: 1,
    maximum: 1_000_000,
    default: 300,
    description: 'tracked events a minute per IP address for callers not signed in',
  }),
  EVENTS_RATE_LIMIT_USER: Type.Integer({
    minimum: 1,
    maximum: 1_000_000,
    default: 600,
    description: 'tracked events a minute per signed-in account',
  }),
  STRIPE_SECRET_KEY: Type.Optional(Type.String({ pattern: '^(sk|rk)_(test|live)_[A-Za-z0-9_]+$' })),
  STRIPE_WEBHOOK_SECRET: Type.Optional(Type.String({ pattern: '^whsec_[A-Za-z0-9_+/=]+$' })),
  STRIPE_PUBLISHABLE_KEY: Type.Optional(
    Type.String({
      pattern: '^pk_(test|live)_[A-Za-z0-9_]+$',
      description: "Stripe's publishable key for Stripe.js, served to the client at run time",
    }),
  ),
  STRIPE_API_BASE: Type.Optional(
    Type.String({
      pattern: '^https?://[^/?#]+/?$',
      description: 'scheme, host and port of the Stripe API (tests point it at a local stand-in)',
    }),
  ),
})
type Env = Static<typeof Env>

export interface Config {
  env: Env['NODE_ENV']
  /** the running package's version, as npm passes it to `npm start`/`npm run` (reported by GET /health) */
  version: string
  http: { host: string; port: number; publicUrl: string; trustProxy: boolean | string[] }
  dataDir: string
  db: { url: string | undefined; embeddedDir: string; embeddedPort: number }
  redis: { url: string; prefix: string; embedded: boolean; embeddedDir: string }
  workers: { inProcess: boolean }
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string }
  supportEmail: string
  logLevel: string
  auth: { sessionTtlDays: number; passwordHashCost: number }
  media: { dir: string }
  client: { distDir: string; sitemapPageSize: number }
  search: {
    /** local model folders (transformers.js layout); unset when none exists: models then come from the hub */
    modelsDir: string | undefined
    /** the sentence-embedding model id; `auto` gives the base model here (our idea encoder wins at run time) */
    embeddingModel: string
    /** EMBEDDING_MODEL=auto: serve a trained idea encoder (the shipped one, or a newer one trained here) */
    preferTrained: boolean
    /** where `npm run encoder:train` publishes trained models: DATA_DIR/models */
    trainedModelsDir: string
    /** the idea encoders shipped in the repository (services/search/models, transformers.js layout) */
    shippedModelsDir: string
    /** onnxruntime threads of one embedder (the api's and the worker's each) */
    embeddingThreads: number
    /** how often an api process catches up on vectors and model switches it was not told about */
    catchUpIntervalMs: number
    /** exact brute force, approximate with exact rescoring, or chosen by catalogue size (ANN_AUTO_BOOKS) */
    ideaIndex: 'auto' | 'exact' | 'ann'
    /** IDEA_INDEX=auto: books from which the approximate index is used */
    annFromBooks: number
    /** threads one exact scan uses (0: every core, up to 4) */
    scanThreads: number
    meili: { url: string; key: string | undefined } | undefined
    /** searches a minute, both modes counted together: per IP when anonymous, per account when signed in */
    rateLimit: { anonPerMinute: number; userPerMinute: number }
  }
  analytics: {
    /** a ClickHouse server; undefined = chDB embedded in `chdbDir` */
    clickhouseUrl: string | undefined
    /** chDB's data folder (one owner process): ANALYTICS_DIR, default DATA_DIR/analytics */
    chdbDir: string
    /** the ingest worker's batch: written at this many events, or when the first has waited `flushMs` */
    flushRows: number
    flushMs: number
    /** tracked events a minute: per IP when anonymous, per account when signed in */
    rateLimit: { anonPerMinute: number; userPerMinute: number }
  }
  /** card payments; `stripe` is undefined without STRIPE_SECRET_KEY (paying then answers the spec's message) */
  payments: {
    stripe: { secretKey: string; apiBase: StripeApiBase | undefined } | undefined
    /** verifies `Stripe-Signature` of webhooks; without it the webhook answers 503 */
    webhookSecret: string | undefined
    /** Stripe.js's key, public: served by GET /get/payment/config; undefined = the client cannot take cards */
    publishableKey: string | undefined
  }
}

/** Where the stripe client sends its calls instead of api.stripe.com (STRIPE_API_BASE). */
export interface StripeApiBase {
  protocol: 'http' | 'https'
  host: string
  port: number
}

const stripeApiBase = (url: string | undefined): StripeApiBase | undefined => {
  if (!url) return undefined
  const u = new URL(url)
  const protocol = u.protocol === 'http:' ? 'http' : 'https'
  return { protocol, host: u.hostname, port: u.port ? Number(u.port) : protocol === 'http' ? 80 : 443 }
}

/**
 * The base model: what `EMBEDDING_MODEL=auto` falls back to when no idea encoder of ours can serve (model-registry.ts
 * targetModel), chosen by `npm run bench:quality` (see docs/benchmarks.md).
 */
export const DEFAULT_EMBEDDING_MODEL = 'sentence-transformers/all-MiniLM-L6-v2'

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../..')

/** `../shared/models` beside the repository, when it exists (the development machines' model folders). */
const defaultModelsDir = () => {
  const dir = path.resolve(repoRoot, '..', 'shared', 'models')
  return existsSync(dir) ? dir : undefined
}

// CLICKHOUSE_URL may carry a password (http://user:password@host:8123).
const SECRET_VARIABLES = new Set([
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'MEILI_KEY',
  'CLICKHOUSE_URL',
])

/** TRUST_PROXY as Fastify takes it: a boolean, or the proxies' addresses (already checked by Env's pattern). */
const parseTrustProxy = (value: string): boolean | string[] =>
  value === 'true' ? true : value === 'false' ? false : value.split(',')

/** Parses and validates the environment once; throws ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Readonly<Config> {
  const relevant = Object.fromEntries(
    Object.keys(Env.properties)
      .filter((key) => env[key] !== undefined && env[key] !== '')
      .map((key) => [key, env[key]]),
  )
  const converted = Value.Convert(Env, Value.Default(Env, relevant))
  const problems = [...Value.Errors(Env, converted)].map((e) => {
    const name = e.path.slice(1)
    // A mistyped secret must not reach the start-up log.
    const got = SECRET_VARIABLES.has(name) ? 'a value of the wrong form' : JSON.stringify(e.value)
    return `${name || 'env'}: ${e.message} (got ${got})`
  })
  if (problems.length > 0) throw new ConfigError(problems)
  const e = converted as Env
  // chDB is ClickHouse inside one process, over one folder: api and workers in separate processes cannot share it.
  if (!e.RUN_WORKERS && !e.CLICKHOUSE_URL)
    throw new ConfigError([
      'RUN_WORKERS=false (workers in their own process) needs CLICKHOUSE_URL: the embedded analytics store (chDB) has one owner process',
    ])

  const dataDir = path.resolve(e.DATA_DIR)
  const clientDist = e.CLIENT_DIST ? path.resolve(e.CLIENT_DIST) : path.join(repoRoot, 'client', 'dist')
  return Object.freeze({
    env: e.NODE_ENV,
    // Set by npm, not by the operator, so it is no variable of `Env`; a plain `node` start reports the default.
    version: env.npm_package_version ?? '0.1.0',
    http: {
      host: e.HOST,
      port: e.PORT,
      publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
      trustProxy: parseTrustProxy(e.TRUST_PROXY),
    },
    dataDir,
    db: {
      url: e.DATABASE_URL,
      embeddedDir: path.join(dataDir, 'postgres'),
      embeddedPort: e.EMBEDDED_PG_PORT,
    },
    redis: {
      url: e.REDIS_URL,
      prefix: e.REDIS_PREFIX,
      embedded: e.EMBEDDED_REDIS,
      embeddedDir: path.join(dataDir, 'redis'),
    },
    workers: { inProcess: e.RUN_WORKERS },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    supportEmail: e.SUPPORT_EMAIL,
    logLevel: e.LOG_LEVEL,
    auth: { sessionTtlDays: e.SESSION_TTL_DAYS, passwordHashCost: e.PASSWORD_HASH_COST },
    media: { dir: path.join(dataDir, 'media') },
    client: { distDir: clientDist, sitemapPageSize: e.SITEMAP_PAGE_SIZE },
    search: {
      modelsDir: e.MODELS_DIR ? path.resolve(e.MODELS_DIR) : defaultModelsDir(),
      embeddingModel: e.EMBEDDING_MODEL === 'auto' ? DEFAULT_EMBEDDING_MODEL : e.EMBEDDING_MODEL,
      preferTrained: e.EMBEDDING_MODEL === 'auto',
      trainedModelsDir: path.join(dataDir, 'models'),
      shippedModelsDir: path.join(repoRoot, 'services', 'search', 'models'),
      embeddingThreads: e.EMBEDDING_THREADS,
      catchUpIntervalMs: e.IDEA_INDEX_CATCH_UP_MS,
      ideaIndex: e.IDEA_INDEX,
      annFromBooks: e.IDEA_INDEX_ANN_FROM_BOOKS,
      scanThreads: e.IDEA_SCAN_THREADS,
      meili: e.MEILI_URL ? { url: e.MEILI_URL, key: e.MEILI_KEY } : undefined,
      rateLimit: { anonPerMinute: e.SEARCH_RATE_LIMIT_ANON, userPerMinute: e.SEARCH_RATE_LIMIT_USER },
    },
    analytics: {
      clickhouseUrl: e.CLICKHOUSE_URL,
      chdbDir: e.ANALYTICS_DIR ? path.resolve(e.ANALYTICS_DIR) : path.join(dataDir, 'analytics'),
      flushRows: e.ANALYTICS_FLUSH_ROWS,
      flushMs: e.ANALYTICS_FLUSH_MS,
      rateLimit: { anonPerMinute: e.EVENTS_RATE_LIMIT_ANON, userPerMinute: e.EVENTS_RATE_LIMIT_USER },
    },
    payments: {
      stripe: e.STRIPE_SECRET_KEY
        ? { secretKey: e.STRIPE_SECRET_KEY, apiBase: stripeApiBase(e.STRIPE_API_BASE) }
        : undefined,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
    },
  })
}

/** True when a built client exists to be served. */
export const hasClientBuild = (config: Config) => existsSync(path.join(config.client.distDir, 'index.html'))
