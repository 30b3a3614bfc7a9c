/** The source of "now" for business rules (OTP expiry, edit locks), so tests can move time. */
export interface Clock {
  now(): Date
}
export const systemClock: Clock = { now: () => new Date() }

/** A clock tests can set and advance. */
export class ManualClock implements Clock {
  constructor(private current = new Date()) {}
  now() {
    return new Date(this.current)
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms)
  }
}
