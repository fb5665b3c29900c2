// @vitest-environment jsdom
/**
 * The sandbox page as shipped and as served: one self-contained HTML file
 * built from source (servers/sandbox-page.ts, the same builder as
 * `npm run build`), served on its own origin by servers/sandbox-origin.ts.
 */
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
    const parsed = new DOMParser().parseFromString(page, 'text/html')
    const scripts = [...parsed.querySelectorAll('script')]
    expect(scripts).toHaveLength(1)
    expect(scripts[0]!.hasAttribute('src')).toBe(false)
    expect(parsed.querySelectorAll('link, img, iframe, [src], [href]')).toHaveLength(0)
    // The proxy and the CSP builder are in it, minified (no source-level names or comments survive).
    expect(scripts[0]!.textContent).toContain('ui/notifications/sandbox-proxy-ready')
    expect(scripts[0]!.textContent).toContain('frame-src')
    expect(scripts[0]!.textContent).not.toContain('startSandboxProxy')
    expect(page.length).toBeLessThan(16 * 1024)
  })

  it('runs: framed without ?host= its script refuses to start, and says why', () => {
    const frame = document.createElement('iframe')
    document.body.appendChild(frame)
    const errors: unknown[][] = []
    const view = frame.contentWindow as Window & typeof globalThis
    view.console.error = (...args: unknown[]) => void errors.push(args)
    frame.contentDocument!.open()
    frame.contentDocument!.write(page)
    frame.contentDocument!.close()
    expect(errors).toEqual([[expect.stringContaining('?host= must name the origin')]])
    frame.remove()
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
