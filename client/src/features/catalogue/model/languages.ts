/**
 * The languages a listing can name (spec: about 80 locale codes such as en-US, fr-FR, es-MX, zh-CN, hi-IN,
 * ar-SA). Only the codes are kept here; readable labels come from the browser (Intl.DisplayNames).
 */
export const LANGUAGE_CODES = [
  // A plain language for a book not tied to one country: "English" must not hide among regional variants.
  'en',
  'es',
  'fr',
  'pt',
  'af-ZA',
  'am-ET',
  'ar-SA',
  'az-AZ',
  'be-BY',
  'bg-BG',
  'bn-IN',
  'bs-BA',
  'ca-ES',
  'cs-CZ',
  'cy-GB',
  'da-DK',
  'de-DE',
  'el-GR',
  'en-AU',
  'en-CA',
  'en-GB',
  'en-IN',
  'en-US',
  'es-AR',
  'es-CO',
  'es-ES',
  'es-MX',
  'et-EE',
  'eu-ES',
  'fa-IR',
  'fi-FI',
  'fil-PH',
  'fr-CA',
  'fr-FR',
  'ga-IE',
  'gl-ES',
  'gu-IN',
  'he-IL',
  'hi-IN',
  'hr-HR',
  'hu-HU',
  'hy-AM',
  'id-ID',
  'is-IS',
  'it-IT',
  'ja-JP',
  'ka-GE',
  'kk-KZ',
  'km-KH',
  'kn-IN',
  'ko-KR',
  'lt-LT',
  'lv-LV',
  'mk-MK',
  'ml-IN',
  'mr-IN',
  'ms-MY',
  'my-MM',
  'ne-NP',
  'nl-NL',
  'no-NO',
  'pa-IN',
  'pl-PL',
  'pt-BR',
  'pt-PT',
  'ro-RO',
  'ru-RU',
  'si-LK',
  'sk-SK',
  'sl-SI',
  'sq-AL',
  'sr-RS',
  'sv-SE',
  'sw-KE',
  'ta-IN',
  'te-IN',
  'th-TH',
  'tr-TR',
  'uk-UA',
  'ur-PK',
  'uz-UZ',
  'vi-VN',
  'yo-NG',
  'zh-CN',
  'zh-TW',
  'zu-ZA',
] as const

export interface LanguageOption {
  code: string
  label: string
  /** the browser's dialect name ("British English") when it differs: found by search, not shown */
  alias?: string
}

/** English names of languages ("standard": "English (United Kingdom)"; "dialect": "British English"). */
function displayNames(languageDisplay: 'standard' | 'dialect'): Intl.DisplayNames | undefined {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language', languageDisplay })
  } catch {
    return undefined
  }
}

/**
 * "en" → "English", "en-US" → "English (United States)" (the standard form, so every English sorts together and a
 * search for "English" finds them all); the code itself where the browser has no name for it.
 */
export function languageLabel(code: string, display?: Intl.DisplayNames): string {
  try {
    const label = (display ?? displayNames('standard'))?.of(code)
    return label && label !== code ? label : code
  } catch {
    return code
  }
}

let cached: LanguageOption[] | null = null

/** Every option, sorted by label. */
export function languageOptions(): LanguageOption[] {
  if (cached) return cached
  const display = displayNames('standard')
  const dialects = displayNames('dialect')
  cached = LANGUAGE_CODES.map((code) => {
    const label = languageLabel(code, display)
    const alias = dialects ? languageLabel(code, dialects) : code
    return alias !== label && alias !== code ? { code, label, alias } : { code, label }
  }).sort((a, b) => a.label.localeCompare(b.label, 'en'))
  return cached
}

/** Options whose label or code contains every word of the query (case-insensitive). */
export function filterLanguages(options: readonly LanguageOption[], query: string): LanguageOption[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...options]
  return options.filter((o) => {
    const hay = `${o.label} ${o.alias ?? ''} ${o.code}`.toLowerCase()
    return words.every((w) => hay.includes(w))
  })
}
