/**
 * The string formats of the elicitation subset (email, uri, date,
 * date-time), checked without code generation, as ajv-formats 2.1.1 ("full"
 * mode, the version @rjsf/validator-ajv8 6.x depends on) accepts them,
 * quirks included, so a value passes here exactly when rjsf's ajv validator
 * accepts it.
 *
 * Used by the no-eval validator. The two date formats live in
 * `date-formats.ts`, which the schema mapping shares, and
 * `date-time-format.ts`, which the date-time widget shares, so the email
 * and URI checks stay off a page that never loads the no-eval validator.
 */
import { isDate } from './date-formats.js'
import { isDateTime } from './date-time-format.js'

/** Each format's check, by name. */
export const FORMATS: Record<string, (value: string) => boolean> = {
  email: isEmail,
  uri: isUri,
  date: isDate,
  'date-time': isDateTime,
}

const EMAIL_ATOM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+$/
const DNS_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/

/**
 * Whether `value` passes `format` as ajv-formats ("full" mode) checks it.
 * `undefined` for a format this module does not implement.
 */
export function matchesFormat(format: string, value: string): boolean | undefined {
  const check = FORMATS[format]
  return check ? check(value) : undefined
}

function isEmail(value: string): boolean {
  const at = value.indexOf('@')
  if (at < 0 || at !== value.lastIndexOf('@')) return false
  const labels = value.slice(at + 1).split('.')
  return value.slice(0, at).split('.').every((atom) => EMAIL_ATOM.test(atom)) && labels.length >= 2 && labels.every((label) => DNS_LABEL.test(label))
}

// RFC 3986 character classes (ASCII only).
const UNRESERVED_SUB = "A-Za-z0-9\\-._~!$&'()*+,;="
const PCT = '%[0-9A-Fa-f]{2}'
const USERINFO = new RegExp(`^(?:[${UNRESERVED_SUB}:]|${PCT})*$`)
const REG_NAME = new RegExp(`^(?:[${UNRESERVED_SUB}]|${PCT})*$`)
const SEGMENT = new RegExp(`^(?:[${UNRESERVED_SUB}:@]|${PCT})*$`)
const QUERY_OR_FRAGMENT = new RegExp(`^(?:[${UNRESERVED_SUB}:@/?]|${PCT})*$`)
const IP_FUTURE = new RegExp(`^[Vv][0-9A-Fa-f]+\\.[${UNRESERVED_SUB}:]+$`)
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/

/**
 * An absolute URI (scheme required). As in ajv-formats, the part after the
 * scheme may not be empty, and one slash may precede an authority.
 */
function isUri(value: string): boolean {
  const colon = value.indexOf(':')
  if (colon < 1 || !SCHEME.test(value.slice(0, colon))) return false
  let rest = value.slice(colon + 1)
  const hash = rest.indexOf('#')
  if (hash >= 0) {
    if (!QUERY_OR_FRAGMENT.test(rest.slice(hash + 1))) return false
    rest = rest.slice(0, hash)
  }
  const question = rest.indexOf('?')
  if (question >= 0) {
    if (!QUERY_OR_FRAGMENT.test(rest.slice(question + 1))) return false
    rest = rest.slice(0, question)
  }
  if (rest.startsWith('//') && isAuthorityAndPath(rest.slice(2))) return true
  if (rest.startsWith('/')) return isAuthorityAndPath(rest.slice(1)) || isRootlessPath(rest.slice(1))
  return isRootlessPath(rest)
}

function isAuthorityAndPath(text: string): boolean {
  const slash = text.indexOf('/')
  const authority = slash < 0 ? text : text.slice(0, slash)
  if (slash >= 0 && !text.slice(slash + 1).split('/').every((segment) => SEGMENT.test(segment))) return false
  const at = authority.indexOf('@')
  if (at !== authority.lastIndexOf('@')) return false
  if (at >= 0 && !USERINFO.test(authority.slice(0, at))) return false
  const hostAndPort = authority.slice(at + 1)
  let port: string
  if (hostAndPort.startsWith('[')) {
    const close = hostAndPort.indexOf(']')
    if (close < 0) return false
    const literal = hostAndPort.slice(1, close)
    if (!isIPv6(literal) && !IP_FUTURE.test(literal)) return false
    port = hostAndPort.slice(close + 1)
  } else {
    const portColon = hostAndPort.indexOf(':')
    if (!REG_NAME.test(portColon < 0 ? hostAndPort : hostAndPort.slice(0, portColon))) return false
    port = portColon < 0 ? '' : hostAndPort.slice(portColon)
  }
  return port === '' || /^:\d*$/.test(port)
}

function isRootlessPath(path: string): boolean {
  const segments = path.split('/')
  return segments[0] !== '' && segments.every((segment) => SEGMENT.test(segment))
}

/** RFC 3986 IPv6address: eight 16-bit pieces (an IPv4 tail counts two), or fewer with one "::". */
function isIPv6(text: string): boolean {
  const halves = text.split('::')
  if (halves.length > 2) return false
  if (halves.length === 1) return countPieces(text, true) === 8
  const left = halves[0] === '' ? 0 : countPieces(halves[0]!, false)
  const right = halves[1] === '' ? 0 : countPieces(halves[1]!, true)
  return left >= 0 && right >= 0 && left + right <= 7
}

function countPieces(text: string, ipv4Tail: boolean): number {
  const pieces = text.split(':')
  let count = 0
  for (const [index, piece] of pieces.entries()) {
    if (/^[0-9A-Fa-f]{1,4}$/.test(piece)) count += 1
    else if (ipv4Tail && index === pieces.length - 1 && isIPv4(piece)) count += 2
    else return -1
  }
  return count
}

function isIPv4(text: string): boolean {
  const octets = text.split('.')
  return octets.length === 4 && octets.every((octet) => /^\d{1,3}$/.test(octet) && Number(octet) <= 255)
}
