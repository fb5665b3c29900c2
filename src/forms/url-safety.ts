/**
 * What a person should know about a URL a server asks them to open
 * (`elicitation/create` with `mode: "url"`). Pure: it parses, never fetches.
 *
 * The spec asks clients to show the full URL, highlight its host and warn on
 * lookalike hosts (client/elicitation, "URL mode"). The WHATWG URL parser
 * already turns a Unicode host into punycode (`xn--…`), so the decoded form
 * is rebuilt here to show what the host looks like and to find labels that
 * mix alphabets (UTS #39 "highly restrictive" profile, simplified).
 */

/** Why a URL is not opened at all. */
export type UrlRefusal = 'invalid' | 'scheme'

/** Something the person should check before opening. */
export type UrlWarning = 'punycode' | 'mixed-script' | 'insecure-http' | 'credentials' | 'ip-address'

export interface UrlAnalysis {
  /** The normalised URL (what would be opened), or the input as given when it does not parse. */
  href: string
  /** The scheme without its colon, e.g. `https`; empty when the URL does not parse. */
  scheme: string
  /** Host and port as in the URL (punycode form). */
  host: string
  /** Host name without port (punycode form). */
  hostname: string
  /** The host name with punycode labels decoded: what a lookalike looks like. */
  displayHost: string
  /** Set when the URL must not be opened. */
  refused: UrlRefusal | null
  /** Warnings, in a stable order. Empty for a plain `https:` URL with a name host. */
  warnings: UrlWarning[]
  /** `href` split around the host, for highlighting it; undefined when it cannot be split safely. */
  parts: { before: string; host: string; after: string } | undefined
}

/** Analyses a URL the server sent. Never throws. */
export function analyzeUrl(input: unknown): UrlAnalysis {
  const raw = typeof input === 'string' ? input : ''
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return { href: raw, scheme: '', host: '', hostname: '', displayHost: '', refused: 'invalid', warnings: [], parts: undefined }
  }
  const scheme = url.protocol.replace(/:$/, '')
  const displayHost = url.hostname.split('.').map(decodeLabel).join('.')
  const base = { href: url.href, scheme, host: url.host, hostname: url.hostname, displayHost, parts: splitAroundHost(url) }
  if (scheme !== 'https' && scheme !== 'http') return { ...base, refused: 'scheme', warnings: [] }
  if (!url.hostname) return { ...base, refused: 'invalid', warnings: [] }

  const warnings: UrlWarning[] = []
  if (url.hostname.split('.').some((label) => label.startsWith('xn--'))) warnings.push('punycode')
  if (displayHost.split('.').some(mixesScripts)) warnings.push('mixed-script')
  if (scheme === 'http') warnings.push('insecure-http')
  if (url.username || url.password) warnings.push('credentials')
  if (isIpHost(url.hostname)) warnings.push('ip-address')
  return { ...base, refused: null, warnings }
}

function splitAroundHost(url: URL): UrlAnalysis['parts'] {
  if (!url.host) return undefined
  const userinfo = url.username || url.password ? `${url.username}${url.password ? `:${url.password}` : ''}@` : ''
  const before = `${url.protocol}//${userinfo}`
  if (!url.href.startsWith(before + url.host)) return undefined
  return { before, host: url.host, after: url.href.slice(before.length + url.host.length) }
}

function isIpHost(hostname: string): boolean {
  // The URL parser has already normalised 0x7f.1, 2130706433 and friends to dotted decimal.
  return hostname.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname)
}

const SCRIPTS: Array<[string, RegExp]> = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Han', /\p{Script=Han}/u],
  ['Hiragana', /\p{Script=Hiragana}/u],
  ['Katakana', /\p{Script=Katakana}/u],
  ['Hangul', /\p{Script=Hangul}/u],
  ['Bopomofo', /\p{Script=Bopomofo}/u],
]
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u
// Combinations that are normal in one language (UTS #39 §5.2), Latin included.
const ALLOWED_MIXES = [new Set(['Latin', 'Han', 'Hiragana', 'Katakana']), new Set(['Latin', 'Han', 'Bopomofo']), new Set(['Latin', 'Han', 'Hangul'])]

function mixesScripts(label: string): boolean {
  const found = new Set<string>()
  for (const char of label) {
    if (NEUTRAL.test(char)) continue
    found.add(SCRIPTS.find(([, pattern]) => pattern.test(char))?.[0] ?? `other:${char}`)
  }
  if (found.size < 2) return false
  return !ALLOWED_MIXES.some((allowed) => [...found].every((script) => allowed.has(script)))
}

// RFC 3492 punycode decoding of one label; the label unchanged when it is not
// `xn--…` or does not decode.
const BASE = 36
const T_MIN = 1
const T_MAX = 26

function decodeLabel(label: string): string {
  if (!label.toLowerCase().startsWith('xn--')) return label
  return decodePunycode(label.slice(4)) ?? label
}

function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / 700) : delta >> 1
  d += Math.floor(d / points)
  let k = 0
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN))
    k += BASE
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + 38))
}

function digitOf(code: number): number {
  if (code >= 48 && code <= 57) return code - 22
  if (code >= 65 && code <= 90) return code - 65
  if (code >= 97 && code <= 122) return code - 97
  return BASE
}

function decodePunycode(input: string): string | undefined {
  const delimiter = input.lastIndexOf('-')
  const output: number[] = []
  for (let j = 0; j < Math.max(delimiter, 0); j++) output.push(input.charCodeAt(j))
  let n = 128
  let bias = 72
  let i = 0
  for (let index = delimiter > 0 ? delimiter + 1 : 0; index < input.length; ) {
    const oldI = i
    let weight = 1
    for (let k = BASE; ; k += BASE) {
      if (index >= input.length) return undefined
      const digit = digitOf(input.charCodeAt(index++))
      if (digit >= BASE) return undefined
      i += digit * weight
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias
      if (digit < t) break
      weight *= BASE - t
      if (weight > 0x7fffffff) return undefined
    }
    const length = output.length + 1
    bias = adapt(i - oldI, length, oldI === 0)
    n += Math.floor(i / length)
    if (n > 0x10ffff) return undefined
    i %= length
    output.splice(i++, 0, n)
  }
  return String.fromCodePoint(...output)
}
