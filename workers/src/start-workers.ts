import { createMailer, createRedis, type Config, type Logger } from '@bookstrut/core'
import { createMailWorker } from './mail/mail.worker.js'

export interface RunningWorkers {
  close(): Promise<void>
}

/** Starts every BullMQ worker. The api process calls this in the one-process default (RUN_WORKERS=true). */
export async function startWorkers(config: Config, logger: Logger): Promise<RunningWorkers> {
  const connection = createRedis(config.redis.url, 'worker')
  await connection.connect()
  const mailer = createMailer(config.mail)
  const workers = [
    createMailWorker({
      connection,
      prefix: config.redis.prefix,
      mailer,
      logger: logger.child({ queue: 'mail' }),
    }),
  ]
  await Promise.all(workers.map((w) => w.waitUntilReady()))
  logger.info({ workers: workers.map((w) => w.name) }, 'workers started')
  return {
    async close() {
      await Promise.all(workers.map((w) => w.close()))
      mailer.close()
      connection.disconnect()
    },
  }
}
