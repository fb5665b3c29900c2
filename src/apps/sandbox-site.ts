/**
 * Another origin is not enough for the sandbox: cookies are scoped by host
 * name, not port or scheme (RFC 6265, 8.5 "Weak Confidentiality"), and a
 * cookie may name a parent domain (`Domain=example.com`) that every name
 * under it shares. An app on `127.0.0.1:4801` (its frame has
 * `allow-same-origin`) read and overwrote the cookies of a page on
 * `127.0.0.1:4800`. So the sandbox must be on another site than the page:
 * not the page's host name, and no name under a domain the two share.
 *
 * Which domains a page can share is the public suffix list's call
 * (`a.github.io` and `b.github.io` share nothing; `a.example.com` and
 * `b.example.com` share `example.com`). Rather than ship that list, the
 * page asks its own browser, which applies it to cookies: it sets a probe
 * cookie for the one domain the two names have in common, sees whether the
 * browser kept it, and removes it at once. IP addresses share nothing but
 * themselves.
 *
 * For local development (page and sandbox on `localhost` on two ports) a
 * host may allow it with `allowSameSiteSandboxOnLoopback`, on loopback names
 * and addresses only, with one warning per page.
 */
import { McpAppError } from './errors.js'

/** How a sandbox shares the page's cookies. */
export type SharedCookies = 'same-host' | 'same-site'

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/

function isIpAddress(host: string): boolean {
  return host.startsWith('[') || IPV4.test(host)
}

/** `localhost`, a name under it (RFC 6761), 127.0.0.0/8 or `[::1]`. */
export function isLoopbackHost(host: string): boolean {
  const name = normal(host)
  return name === 'localhost' || name.endsWith('.localhost') || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name) || name === '[::1]'
}

function normal(host: string): string {
  return host.toLowerCase().replace(/\.$/, '')
}

/** The labels two names end with alike (`a.example.com`, `b.example.com`: `example.com`); '' when none. */
function commonDomain(a: string, b: string): string {
  const left = a.split('.')
  const right = b.split('.')
  const shared: string[] = []
  while (left.length > 0 && right.length > 0 && left.at(-1) === right.at(-1)) {
    shared.unshift(left.pop()!)
    right.pop()
  }
  return shared.join('.')
}

/**
 * Whether a page on `pageHost` and a sandbox on `sandboxHost` share
 * cookies: `same-host` for one host name (whatever the ports), `same-site`
 * when the page may set a cookie for a domain both names are under
 * (`domainCookieSticks`, the browser's answer); undefined when they share
 * nothing.
 */
export function sharedCookies(pageHost: string, sandboxHost: string, domainCookieSticks: (domain: string) => boolean): SharedCookies | undefined {
  const page = normal(pageHost)
  const sandbox = normal(sandboxHost)
  if (page === sandbox) return 'same-host'
  if (isIpAddress(page) || isIpAddress(sandbox)) return undefined
  const shared = commonDomain(page, sandbox)
  return shared !== '' && domainCookieSticks(shared) ? 'same-site' : undefined
}

/** Whether the browser lets `document` set a cookie for `domain` (it refuses a public suffix such as `com` or `github.io`); the probe is removed at once. */
export function domainCookieProbe(document: Document): (domain: string) => boolean {
  return (domain) => {
    const name = `mcp-elicit-site-probe-${Math.random().toString(36).slice(2)}`
    const scope = `Domain=${domain}; Path=/; SameSite=Strict${document.location?.protocol === 'https:' ? '; Secure' : ''}`
    try {
      document.cookie = `${name}=1; ${scope}`
      const kept = document.cookie.split(/;\s*/).some((cookie) => cookie.startsWith(`${name}=`))
      if (kept) document.cookie = `${name}=; ${scope}; Max-Age=0`
      return kept
    } catch {
      // No cookies in this document at all: nothing to share.
      return false
    }
  }
}

/** Pages already warned about a same-site sandbox allowed on loopback. */
const warned = new WeakSet<object>()

/**
 * Refuses a sandbox that shares cookies with the page in `window`, unless
 * `allowOnLoopback` and both names are loopback ones (then warns once per page).
 * @throws McpAppError `APP_SANDBOX_SAME_SITE`
 */
export function checkSandboxSite(sandbox: URL, window: Window, allowOnLoopback: boolean, warn: (message: string) => void): void {
  const pageHost = window.location.hostname
  const shared = sharedCookies(pageHost, sandbox.hostname, domainCookieProbe(window.document))
  if (!shared) return
  const what = shared === 'same-host' ? `is on this page's host name (${pageHost}; cookies are scoped by host name, not port)` : `is on this page's site (${pageHost} and ${sandbox.hostname} share cookies)`
  if (allowOnLoopback && isLoopbackHost(pageHost) && isLoopbackHost(sandbox.hostname)) {
    if (!warned.has(window)) {
      warned.add(window)
      warn(`[mcp-elicit/apps] The sandbox page ${sandbox.origin} ${what}: its apps can read and set this page's cookies. Allowed for local development only (allowSameSiteSandboxOnLoopback); serve it from another site in production.`)
    }
    return
  }
  throw new McpAppError(
    'APP_SANDBOX_SAME_SITE',
    `The sandbox page ${sandbox.origin} ${what}: an app there could read and set this page's cookies. Serve mcp-elicit/apps/sandbox.html from another site (another host name, not a sub-domain of this page's domain).`,
  )
}
