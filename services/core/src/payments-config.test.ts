import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.js'

describe('payment configuration', () => {
  it('is off without STRIPE_SECRET_KEY, and reads the keys, webhook secret and API base when set', () => {
    expect(loadConfig({}).payments).toEqual({
      stripe: undefined,
      webhookSecret: undefined,
      publishableKey: undefined,
    })
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_xyz',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_pub123',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    })
    expect(config.payments).toEqual({
      stripe: { secretKey: 'sk_test_abc123', apiBase: { protocol: 'http', host: '127.0.0.1', port: 12111 } },
      webhookSecret: 'whsec_xyz',
      publishableKey: 'pk_test_pub123',
    })
  })

  it('refuses a secret key given as the publishable key', () => {
    expect(() => loadConfig({ STRIPE_PUBLISHABLE_KEY: 'sk_test_abc123' })).toThrow(ConfigError)
  })

  it('refuses a malformed secret without echoing it', () => {
    const load = () => loadConfig({ STRIPE_SECRET_KEY: 'pk_live_oops-secret', STRIPE_API_BASE: 'ftp://x' })
    expect(load).toThrow(ConfigError)
    try {
      load()
    } catch (err) {
      const message = (err as Error).message
      expect(message).toContain('STRIPE_SECRET_KEY')
      expect(message).toContain('STRIPE_API_BASE')
      expect(message).not.toContain('oops-secret')
    }
  })
})
