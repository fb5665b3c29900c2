/**
 * The sandbox page as shipped and as served: one self-contained HTML file
 * built from source (servers/sandbox-page.ts, the same builder as
 * `npm run build`), served on its own origin by servers/sandbox-origin.ts.
 */
import { JSDOM } from 'jsdom'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandboxOrigin, type SandboxOrigin } from '../../../servers/sandbox-origin.ts'
import { buildSandboxPage } from '../../../servers/sandbox-page.ts'

let origin: SandboxOrigin
let page: string

beforeAll(async () => {
  page = await buildSandboxPage()
  origin = await startSandboxOrigin({ html: page })
}, 60_000)

afterAll(async () => {
  await origin?.close()
})

describe('the sandbox page', () => {
  it('is one file: a single inline script, nothing loaded from anywhere', () => {
    const dom = new JSDOM(page)
    const scripts = [...dom.window.document.querySelectorAll('script')]
    expect(scripts).toHaveLength(1)
    expect(scripts[0]!.hasAttribute('src')).toBe(false)
    expect(dom.window.document.querySelectorAll('link, img, iframe, [src], [href]')).toHaveLength(0)
    // The proxy and the CSP builder are in it, minified (no source-level names or comments survive).
    expect(scripts[0]!.textContent).toContain('ui/notifications/sandbox-proxy-ready')
    expect(scripts[0]!.textContent).toContain('frame-src')
    expect(scripts[0]!.textContent).not.toContain('startSandboxProxy')
    expect(page.length).toBeLessThan(16 * 1024)
  })

  it('runs: opened on its own it explains itself instead of relaying', () => {
    const dom = new JSDOM(page, { url: 'https://sandbox.example/sandbox.html?host=https%3A%2F%2Fchat.example.com', runScripts: 'dangerously' })
    expect(dom.window.document.body.textContent).toContain('a host page frames it')
    dom.window.close()
  })
})

describe('startSandboxOrigin', () => {
  it('serves the page at /sandbox.html on 127.0.0.1, uncached, and nothing else', async () => {
    expect(origin.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sandbox\.html$/)
    const response = await fetch(`${origin.url}?host=${encodeURIComponent('http://127.0.0.1:1')}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('x-frame-options')).toBeNull()
    expect(await response.text()).toBe(page)
    expect((await fetch(`${origin.origin}/other.html`)).status).toBe(404)
    expect((await fetch(origin.url, { method: 'POST', body: 'x' })).status).toBe(405)
    expect(origin.hits('/sandbox.html')).toBe(2)
  })

  it('builds the page itself when given none, and stops serving on close', async () => {
    const own = await startSandboxOrigin()
    expect(own.origin).not.toBe(origin.origin)
    expect(await (await fetch(own.url)).text()).toBe(page)
    await own.close()
    await expect(fetch(own.url)).rejects.toThrow()
  }, 60_000)
})
