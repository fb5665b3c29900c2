/**
 * The Content-Security-Policy and the iframe `allow` attribute of an app,
 * built from what its resource declares (`_meta.ui.csp`, `_meta.ui.permissions`).
 *
 * The domain lists come from the MCP server, which is untrusted: a string
 * such as `https://a.com; script-src *` pasted into a policy would add a
 * directive, and `*`, `'unsafe-eval'`, `data:` or `http://evil.com` would
 * loosen one. So every entry is reduced to a canonical origin or dropped;
 * nothing from the server reaches the policy unparsed. The spec's rule is
 * "MAY further restrict but MUST NOT allow undeclared domains"
 * (ext-apps `specification/2026-01-26/apps.mdx`, "Host Behavior").
 *
 * Unicode hosts are kept in the punycode form the WHATWG URL parser gives
 * (`https://bücher.de` -> `https://xn--bcher-kva.de`), which is the form a
 * browser matches a policy against; anything that is not plain ASCII letters,
 * digits and hyphens after that is refused.
 *
 * No DOM and no runtime import from outside src/apps: the sandbox proxy page
 * bundles this file to build the same policy.
 */
import { isObject } from './json-object.js'
import type { McpUiResourceCsp, McpUiResourcePermissions } from './types.js'

/** Origins kept per list: a real app needs a handful, a policy header should stay small. */
const MAX_DOMAINS = 32
/** Entries looked at per list, so that a list of a million junk strings costs little. */
const MAX_INSPECTED = 1024
/** A host name is at most 253 characters; a Unicode one before punycode, scheme and port fit well within this. */
const MAX_ENTRY_LENGTH = 512

/** Plain http/ws only to the developer's own machine (a dev server): elsewhere anyone on the network path could swap the script. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])
const SECURE = new Set(['https', 'wss'])
const PLAIN = new Set(['http', 'ws'])

/** `scheme://authority` with at most one trailing slash: no path, query or fragment. */
const SHAPE = /^([a-z]+):\/\/([^/]+)\/?$/i
/**
 * Characters that never belong in an origin and could change the meaning of
 * a policy or of URL parsing: whitespace (which the URL parser would silently
 * drop), controls, separators of CSP (`;`, `,`), quotes of CSP keywords,
 * userinfo (`@`), query, fragment, percent-escapes, backslashes (read as `/`).
 */
const FORBIDDEN = /[\s\u0000-\u001f\u007f;,'"`\\@?#%<>(){}|^]/
/** A DNS name or IPv4 address after URL parsing: ASCII labels of letters, digits and inner hyphens. */
const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/

/**
 * One entry as a canonical origin (`https://cdn.example.com`,
 * `https://*.example.com`, `wss://rt.example.com:8443`, `http://localhost:5173`),
 * or `undefined` when it is anything else.
 */
function canonicalOrigin(entry: unknown): string | undefined {
  if (typeof entry !== 'string' || entry.length === 0 || entry.length > MAX_ENTRY_LENGTH) return undefined
  if (FORBIDDEN.test(entry)) return undefined
  const shape = SHAPE.exec(entry)
  if (!shape) return undefined
  const scheme = shape[1]!.toLowerCase()
  let authority = shape[2]!
  const wildcard = authority.startsWith('*.')
  if (wildcard) authority = authority.slice(2)
  if (authority.includes('*')) return undefined
  // `[::1]` is the one IPv6 host taken (CSP host-sources have no IPv6 syntax; this one is the loopback).
  const ipv6 = /[[\]]/.test(authority)
  if (ipv6 && (wildcard || !/^\[::1\](?::\d{1,5})?$/.test(authority))) return undefined
  let url: URL
  try {
    url = new URL(`${scheme}://${authority}`)
  } catch {
    return undefined
  }
  // A second line behind the shape check, should the two parsers ever disagree.
  if (url.username !== '' || url.password !== '' || url.pathname !== '/' || url.search !== '' || url.hash !== '') return undefined
  const hostname = url.hostname
  if (!ipv6 && !HOST.test(hostname)) return undefined
  if (wildcard && (IPV4.test(hostname) || !hostname.includes('.'))) return undefined
  if (PLAIN.has(scheme)) {
    if (wildcard || !LOOPBACK.has(hostname)) return undefined
  } else if (!SECURE.has(scheme)) {
    return undefined
  }
  return `${scheme}://${wildcard ? '*.' : ''}${url.host}`
}

/**
 * The entries of a server's domain list that are safe to put in a policy,
 * as canonical origins: `https://host[:port]`, `wss://host[:port]`, a
 * leftmost wildcard `https://*.example.com` (at least two labels after it),
 * and `http://` / `ws://` only for `localhost`, `127.0.0.1` and `[::1]`.
 * Refused: paths, queries, fragments, userinfo, quotes, `;`, `,`, whitespace,
 * keywords and bare schemes (`'unsafe-eval'`, `*`, `data:`, `javascript:`),
 * other schemes, IPv6 hosts other than `[::1]`. Lower-cased, default ports
 * dropped, deduplicated, order kept, at most 32. Not an array gives `[]`.
 * @example `sanitizeCspDomains(['https://CDN.example.com/', 'https://a.com; script-src *']) // ['https://cdn.example.com']`
 */
export function sanitizeCspDomains(list: unknown): string[] {
  if (!Array.isArray(list)) return []
  const kept = new Set<string>()
  const end = Math.min(list.length, MAX_INSPECTED)
  for (let index = 0; index < end && kept.size < MAX_DOMAINS; index++) {
    const origin = canonicalOrigin(list[index])
    if (origin !== undefined) kept.add(origin)
  }
  return [...kept]
}

/** The directive with its sources, or with `fallback` when the server declared none. */
function directive(name: string, sources: string[], fallback = ''): string {
  return `${name} ${sources.length > 0 ? sources.join(' ') : fallback}`
}

/**
 * The app's Content-Security-Policy, for the `<meta http-equiv>` the sandbox
 * writes before the app's HTML. Built as ext-apps' reference host builds it
 * (`examples/basic-host/src/csp.ts`) but without `'unsafe-eval'`: without
 * declarations it allows no network and no frames; each declared list,
 * after {@link sanitizeCspDomains}, opens only its own directives:
 * `resourceDomains` scripts, styles, images, fonts, media and workers;
 * `connectDomains` fetch/XHR/WebSocket; `frameDomains` nested frames;
 * `baseUriDomains` `<base href>`. Forms may not submit anywhere, plugins never load.
 *
 * `blob:` and `data:` are where the reference host has them: scripts,
 * styles, images, fonts and media, and `blob:` workers (PDF.js, CesiumJS and
 * Three.js start their workers from a `blob:` URL). A `blob:` or `data:` URL
 * is made by code already running in the app, which may run inline script
 * anyway, and it never reaches the network: none of them loosens what the
 * policy keeps out. Unlike the reference host, `connect-src` is `'none'`
 * (not `'self'`) without declared domains: the sandbox origin has nothing
 * for the app to fetch.
 * @example
 * ```ts
 * buildAppCsp({ connectDomains: ['https://api.example.com'] })
 * // "default-src 'none'; script-src 'self' 'unsafe-inline' blob: data:; … connect-src https://api.example.com; …"
 * ```
 */
export function buildAppCsp(csp?: McpUiResourceCsp): string {
  const declared: Record<string, unknown> = isObject(csp) ? csp : {}
  const resources = sanitizeCspDomains(declared.resourceDomains)
  return [
    "default-src 'none'",
    directive('script-src', ["'self'", "'unsafe-inline'", 'blob:', 'data:', ...resources]),
    directive('style-src', ["'self'", "'unsafe-inline'", 'blob:', 'data:', ...resources]),
    directive('img-src', ["'self'", 'data:', 'blob:', ...resources]),
    directive('font-src', ["'self'", 'data:', 'blob:', ...resources]),
    directive('media-src', ["'self'", 'data:', 'blob:', ...resources]),
    directive('worker-src', ["'self'", 'blob:', ...resources]),
    directive('connect-src', sanitizeCspDomains(declared.connectDomains), "'none'"),
    directive('frame-src', sanitizeCspDomains(declared.frameDomains), "'none'"),
    directive('base-uri', sanitizeCspDomains(declared.baseUriDomains), "'self'"),
    "object-src 'none'",
    "form-action 'none'",
  ].join('; ')
}

/** Permission keys of `_meta.ui.permissions` and the Permissions Policy feature each maps to. */
const FEATURES = [
  ['camera', 'camera'],
  ['microphone', 'microphone'],
  ['geolocation', 'geolocation'],
  ['clipboardWrite', 'clipboard-write'],
] as const

/** A permission is asked for (or granted) by a present key: `{}` per the spec, `true` tolerated. */
function has(permissions: unknown, key: string): boolean {
  if (!isObject(permissions)) return false
  const value = permissions[key]
  return isObject(value) || value === true
}

/**
 * The iframe `allow` attribute: the features the resource asks for AND the
 * host's author grants, e.g. `"microphone; clipboard-write"`; `""` when none.
 * Deny by default: nothing is allowed unless both sides name it, and only
 * camera, microphone, geolocation and clipboard-write exist here.
 * @example `buildAllowAttribute({ camera: {}, microphone: {} }, { microphone: {} }) // "microphone"`
 */
export function buildAllowAttribute(requested?: McpUiResourcePermissions, granted?: McpUiResourcePermissions): string {
  return FEATURES.filter(([key]) => has(requested, key) && has(granted, key))
    .map(([, feature]) => feature)
    .join('; ')
}
