/**
 * A sandbox that would share the page's cookies is refused: on the page's
 * host name (any port), or under a domain the two share; the browser's own
 * cookie rules (jsdom's jar applies the public suffix list, as browsers do)
 * say which domains a page can share. Loopback development may opt in.
 */
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { checkSandboxSite, domainCookieProbe, isLoopbackHost, sharedCookies } from './sandbox-site.js'

// jsdom ships no types; only its constructor is used here.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string, options: { url: string }) => { window: unknown } }

/** A page at `url` with its own cookie jar. */
function page(url: string): Window {
  return new JSDOM('<!doctype html><p>page</p>', { url }).window as unknown as Window
}

const sticks = (domains: string[]) => (domain: string) => domains.includes(domain)

describe('sharedCookies', () => {
  it('is same-host for one host name on any port or scheme, whatever the case or a trailing dot', () => {
    for (const [pageHost, sandboxHost] of [
      ['127.0.0.1', '127.0.0.1'],
      ['localhost', 'LOCALHOST'],
      ['app.example.com', 'app.example.com.'],
      ['[::1]', '[::1]'],
    ]) {
      expect(sharedCookies(pageHost!, sandboxHost!, () => false), `${pageHost} ${sandboxHost}`).toBe('same-host')
    }
  })

  it('is same-site when the page can set a cookie for the domain both names are under, and asks about that domain only', () => {
    const asked: string[] = []
    const probe = (domain: string) => (asked.push(domain), domain === 'example.com')
    expect(sharedCookies('app.example.com', 'sandbox.example.com', probe)).toBe('same-site')
    expect(sharedCookies('example.com', 'sandbox.example.com', probe)).toBe('same-site')
    expect(sharedCookies('app.example.com', 'example.com', probe)).toBe('same-site')
    expect(asked).toEqual(['example.com', 'example.com', 'example.com'])
  })

  it('shares nothing across public suffixes, between addresses, or with nothing in common', () => {
    expect(sharedCookies('alice.github.io', 'sandbox.github.io', sticks([]))).toBeUndefined()
    expect(sharedCookies('app.example.com', 'sandbox.example-cdn.com', sticks(['example.com']))).toBeUndefined()
    // Addresses have no sub-domains: 127.0.0.1 and 27.0.0.1 share no "0.0.1".
    expect(sharedCookies('127.0.0.1', '27.0.0.1', () => true)).toBeUndefined()
    expect(sharedCookies('127.0.0.1', 'localhost', () => true)).toBeUndefined()
    expect(sharedCookies('[::1]', 'localhost', () => true)).toBeUndefined()
  })
})

describe('domainCookieProbe', () => {
  it("answers with the browser's public suffix rules and leaves no cookie behind", () => {
    const window = page('http://app.example.com/')
    const probe = domainCookieProbe(window.document)
    expect(probe('example.com')).toBe(true)
    expect(probe('com')).toBe(false)
    expect(probe('other.example')).toBe(false)
    expect(domainCookieProbe(page('http://alice.github.io/').document)('github.io')).toBe(false)
    expect(window.document.cookie).toBe('')
  })

  it("keeps the page's own cookies", () => {
    const window = page('http://app.example.com/')
    window.document.cookie = 'session=abc; Path=/'
    domainCookieProbe(window.document)('example.com')
    expect(window.document.cookie).toBe('session=abc')
  })
})

describe('checkSandboxSite', () => {
  const refuse = (pageUrl: string, sandbox: string) => () => checkSandboxSite(new URL(sandbox), page(pageUrl), false, () => {})

  it('refuses a sandbox on the page host name on another port (APP_SANDBOX_SAME_SITE), naming why', () => {
    expect(refuse('http://127.0.0.1:4800/', 'http://127.0.0.1:4801/sandbox.html')).toThrow(expect.objectContaining({ code: 'APP_SANDBOX_SAME_SITE', message: expect.stringContaining('not port') }))
    expect(refuse('https://chat.example.com/', 'http://chat.example.com:8443/sandbox.html')).toThrow(expect.objectContaining({ code: 'APP_SANDBOX_SAME_SITE' }))
  })

  it('refuses a sub-domain of the page site, and the page site itself from a sub-domain', () => {
    expect(refuse('https://chat.example.com/', 'https://sandbox.example.com/sandbox.html')).toThrow(expect.objectContaining({ code: 'APP_SANDBOX_SAME_SITE', message: expect.stringContaining('share cookies') }))
    expect(refuse('https://example.com/', 'https://apps.example.com/sandbox.html')).toThrow(expect.objectContaining({ code: 'APP_SANDBOX_SAME_SITE' }))
    expect(refuse('https://chat.example.com/', 'https://example.com/sandbox.html')).toThrow(expect.objectContaining({ code: 'APP_SANDBOX_SAME_SITE' }))
    expect(refuse('http://localhost:5173/', 'http://sandbox.localhost:5174/sandbox.html')).toThrow(expect.objectContaining({ code: 'APP_SANDBOX_SAME_SITE' }))
  })

  it('lets through another site, a sibling under a public suffix, and another loopback name or address', () => {
    expect(refuse('https://chat.example.com/', 'https://sandbox.example-cdn.com/sandbox.html')).not.toThrow()
    expect(refuse('https://alice.github.io/', 'https://sandbox.github.io/sandbox.html')).not.toThrow()
    expect(refuse('http://127.0.0.1:4800/', 'http://localhost:4801/sandbox.html')).not.toThrow()
    expect(refuse('http://127.0.0.1:4800/', 'http://127.0.0.2:4801/sandbox.html')).not.toThrow()
  })

  it('allows a same-site sandbox on loopback when asked to, warning once per page; never elsewhere', () => {
    const window = page('http://localhost:5173/')
    const warnings: string[] = []
    const check = (sandbox: string) => checkSandboxSite(new URL(sandbox), window, true, (message) => warnings.push(message))
    expect(() => check('http://localhost:5174/sandbox.html')).not.toThrow()
    expect(() => check('http://sandbox.localhost:5174/sandbox.html')).not.toThrow()
    expect(warnings).toEqual([expect.stringContaining('allowSameSiteSandboxOnLoopback')])
    expect(() => checkSandboxSite(new URL('https://sandbox.example.com/s.html'), page('https://chat.example.com/'), true, () => {})).toThrow(expect.objectContaining({ code: 'APP_SANDBOX_SAME_SITE' }))
  })
})

describe('isLoopbackHost', () => {
  it('knows localhost, its sub-domains, 127.0.0.0/8 and [::1], and nothing else', () => {
    expect(['localhost', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]', 'LOCALHOST.'].map(isLoopbackHost)).toEqual([true, true, true, true, true, true])
    expect(['localhost.example.com', '128.0.0.1', 'example.com', '[::2]', 'mylocalhost'].map(isLoopbackHost)).toEqual([false, false, false, false, false])
  })
})
