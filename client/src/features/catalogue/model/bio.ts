/** Spec: bios over 20 words show the first 20 words and an ellipsis; the full text is in a hover popover. */
export const BIO_PREVIEW_WORDS = 20

export function cutWords(text: string, words = BIO_PREVIEW_WORDS): { preview: string; cut: boolean } {
  const all = text.trim().split(/\s+/).filter(Boolean)
  if (all.length <= words) return { preview: all.join(' '), cut: false }
  return { preview: `${all.slice(0, words).join(' ')}…`, cut: true }
}
