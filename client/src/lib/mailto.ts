/** A mailto: link to `address` with a pre-filled subject and body (support contact where no form exists yet). */
export function mailtoLink(address: string, { subject, body }: { subject: string; body: string }): string {
  return `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
}
