/**
 * The person's part of a sign-in, done headlessly against oidc-provider's
 * real development pages: what a browser would do, step by step. It opens
 * the authorization URL without following redirects, follows the provider's
 * own redirects keeping its cookies (a real cookie jar, paths and expiry
 * honoured), fills the login form with an account id and submits the consent
 * form, until the provider redirects to the app's redirect URI; that URL
 * (with `code`, `state`, `iss`) is what `redirectToAuthorization` returns.
 *
 * Nothing here knows the provider's internals: it reads the HTML forms the
 * provider rendered.
 */
import type { AuthorizationRequest } from '../src/auth/index.ts'

interface Cookie {
  name: string
  value: string
  path: string
  expires: number | undefined
}

/** Enough of RFC 6265 for one host: name, path prefix, Max-Age/Expires. */
export class CookieJar {
  #cookies = new Map<string, Cookie>()

  store(url: URL, setCookies: readonly string[]): void {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';')
      const at = pair.indexOf('=')
      if (at <= 0) continue
      const cookie: Cookie = { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim(), path: defaultPath(url), expires: undefined }
      for (const attribute of attributes) {
        const [key = '', ...rest] = attribute.split('=')
        const value = rest.join('=').trim()
        switch (key.trim().toLowerCase()) {
          case 'path':
            if (value.startsWith('/')) cookie.path = value
            break
          case 'max-age':
            cookie.expires = Date.now() + Number(value) * 1000
            break
          case 'expires':
            if (cookie.expires === undefined) cookie.expires = Date.parse(value)
            break
        }
      }
      const key = `${cookie.name} ${cookie.path}`
      if (cookie.expires !== undefined && cookie.expires <= Date.now()) this.#cookies.delete(key)
      else this.#cookies.set(key, cookie)
    }
  }

  header(url: URL): string | undefined {
    const now = Date.now()
    const matching = [...this.#cookies.values()].filter(
      (cookie) => (cookie.expires === undefined || cookie.expires > now) && pathMatches(url.pathname, cookie.path),
    )
    return matching.length > 0 ? matching.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') : undefined
  }

  get size(): number {
    return this.#cookies.size
  }
}

function defaultPath(url: URL): string {
  const path = url.pathname
  const last = path.lastIndexOf('/')
  return last <= 0 ? '/' : path.slice(0, last)
}

function pathMatches(path: string, cookiePath: string): boolean {
  if (path === cookiePath) return true
  if (!path.startsWith(cookiePath)) return false
  return cookiePath.endsWith('/') || path[cookiePath.length] === '/'
}

const decodeEntities = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39|#x27|#x2F);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", '#x2F': '/' })[name] ?? '')

function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {}
  for (const match of tag.matchAll(/([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    attributes[match[1]!.toLowerCase()] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '')
  }
  return attributes
}

/** The page's first POST form: its action and its inputs. */
export function parseForm(html: string): { action: string; inputs: Record<string, string> } | undefined {
  const form = /<form\b([^>]*)>([\s\S]*?)<\/form>/i.exec(html)
  if (!form) return undefined
  const attributes = attributesOf(form[1]!)
  if ((attributes.method ?? 'get').toLowerCase() !== 'post') return undefined
  const inputs: Record<string, string> = {}
  for (const input of form[2]!.matchAll(/<input\b([^>]*)>/gi)) {
    const { name, value = '' } = attributesOf(input[1]!)
    if (name) inputs[name] = value
  }
  return { action: attributes.action ?? '', inputs }
}

/** A request the person acted on: its `authorizationUrl()` was opened. */
export type OpenedAuthorization = AuthorizationRequest & { url: URL }

export interface HeadlessUser {
  /** Pass as `redirectToAuthorization`. */
  redirectToAuthorization: (request: AuthorizationRequest) => Promise<string>
  /** Every request the library handed over, in order, with the authorization URL it made. */
  requests: OpenedAuthorization[]
  /** The callback URLs returned, in order. */
  callbacks: URL[]
  /** The provider pages met, in order, per sign-in: `login`, `consent`. */
  pages: string[][]
}

export interface HeadlessUserOptions {
  /** The account id typed into the login form. */
  accountId: string
  redirectUri: string
  /** Called with each request before the pages are driven (e.g. to fail the sign-in). */
  onRequest?: (request: AuthorizationRequest) => void
}

const MAX_STEPS = 20

export function headlessUser(options: HeadlessUserOptions): HeadlessUser {
  const jar = new CookieJar()
  const requests: OpenedAuthorization[] = []
  const callbacks: URL[] = []
  const pages: string[][] = []
  const redirect = new URL(options.redirectUri)
  const isCallback = (url: URL) => url.origin === redirect.origin && url.pathname === redirect.pathname

  async function redirectToAuthorization(request: AuthorizationRequest): Promise<string> {
    options.onRequest?.(request)
    // The person chose to sign in: only now does the library register and make the URL.
    let url = await request.authorizationUrl()
    requests.push({ ...request, url: new URL(url.href) })
    const seen: string[] = []
    pages.push(seen)
    let init: RequestInit = { method: 'GET' }
    for (let step = 0; step < MAX_STEPS; step++) {
      const headers = new Headers(init.headers)
      const cookie = jar.header(url)
      if (cookie) headers.set('cookie', cookie)
      const response = await fetch(url, { ...init, headers, redirect: 'manual', signal: AbortSignal.any([request.signal, AbortSignal.timeout(5_000)]) })
      jar.store(url, response.headers.getSetCookie())
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel()
        const location = response.headers.get('location')
        if (!location) throw new Error(`${url.href} answered ${response.status} without Location`)
        const next = new URL(location, url)
        if (isCallback(next)) {
          callbacks.push(next)
          return next.href
        }
        url = next
        init = { method: 'GET' }
        continue
      }
      const html = await response.text()
      if (response.status !== 200) throw new Error(`the authorization server answered ${response.status} at ${url.pathname}: ${html.slice(0, 500)}`)
      const form = parseForm(html)
      if (!form) throw new Error(`no form on the page at ${url.pathname}: ${html.slice(0, 500)}`)
      const fields = new URLSearchParams(form.inputs)
      const prompt = form.inputs.prompt ?? '?'
      seen.push(prompt)
      if ('login' in form.inputs) {
        fields.set('login', options.accountId)
        fields.set('password', 'any password: the development login page checks none')
      }
      url = new URL(form.action, url)
      init = { method: 'POST', body: fields.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } }
    }
    throw new Error(`no redirect to ${options.redirectUri} after ${MAX_STEPS} steps`)
  }

  return { redirectToAuthorization, requests, callbacks, pages }
}
