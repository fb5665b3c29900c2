// @vitest-environment jsdom
/**
 * The sandbox proxy's rules, and its relay run in a jsdom frame. jsdom's
 * postMessage sets neither `source` nor `origin`, so messages are
 * dispatched as the browser would deliver them and what the proxy posts is
 * recorded; the real relay between real origins, with ext-apps' App inside,
 * is the end-to-end test's (Chromium).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_INNER_SANDBOX, hostOrigin, innerSandbox, startSandboxProxy, withCspMeta } from './proxy.js'

describe('hostOrigin', () => {
  const page = (host: string) => `https://sandbox.example/sandbox.html?host=${encodeURIComponent(host)}`

  it('takes an exact http(s) origin', () => {
    expect(hostOrigin(page('https://chat.example.com'))).toBe('https://chat.example.com')
    expect(hostOrigin(page('http://127.0.0.1:5173'))).toBe('http://127.0.0.1:5173')
    expect(hostOrigin(page('https://chat.example.com/'))).toBe('https://chat.example.com')
  })

  it.each(['https://chat.example.com/path', 'https://user@chat.example.com', 'javascript:alert(1)', 'null', '*', 'HTTPS://CHAT.EXAMPLE.COM', ''])('refuses %j', (host) => {
    expect(hostOrigin(page(host))).toBeUndefined()
  })

  it('refuses a page without ?host=', () => {
    expect(hostOrigin('https://sandbox.example/sandbox.html')).toBeUndefined()
  })

  it('must agree with the embedder the browser reports, when it reports one', () => {
    expect(hostOrigin(page('https://chat.example.com'), ['https://chat.example.com'])).toBe('https://chat.example.com')
    expect(hostOrigin(page('https://chat.example.com'), ['https://evil.example'])).toBeUndefined()
    // Masked ancestors say nothing either way; Firefox has no list at all.
    expect(hostOrigin(page('https://chat.example.com'), ['null'])).toBe('https://chat.example.com')
    expect(hostOrigin(page('https://chat.example.com'), [])).toBe('https://chat.example.com')
  })
})

describe('innerSandbox', () => {
  it('defaults to the outer frame tokens and keeps only known ones of an override', () => {
    expect(innerSandbox(undefined)).toBe(DEFAULT_INNER_SANDBOX)
    expect(innerSandbox(42)).toBe(DEFAULT_INNER_SANDBOX)
    expect(innerSandbox('allow-scripts  allow-top-navigation allow-popups-to-escape-sandbox allow-modals allow-scripts')).toBe('allow-scripts allow-modals')
    expect(innerSandbox('')).toBe('')
  })
})

describe('withCspMeta', () => {
  const policy = 'default-src "x"'
  const meta = '<meta http-equiv="Content-Security-Policy" content="default-src &quot;x&quot;">'
  const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html')
  /** What the browser builds from the written document: the first element of all, and the mode it renders in. */
  function written(html: string) {
    const document = parse(withCspMeta(html, policy))
    return { first: document.querySelector('*:not(html, head)'), scripts: document.querySelectorAll('script').length, mode: document.compatMode }
  }

  it('puts the policy first and keeps the mode the app would render in', () => {
    expect(withCspMeta('<!DOCTYPE html><html><body>hi</body></html>', policy)).toBe(`<!DOCTYPE html>${meta}<!DOCTYPE html><html><body>hi</body></html>`)
    expect(withCspMeta('<p>no doctype</p>', policy)).toBe(`${meta}<p>no doctype</p>`)
    for (const html of [
      '<!DOCTYPE html><html><body>hi</body></html>',
      '  <!-- built --><!doctype html>\n<p>x',
      '<p>no doctype</p>',
      '<p>first</p><!doctype html>',
      '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd"><p>x',
      '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN"><p>quirks</p>',
    ]) {
      const { first, mode } = written(html)
      expect(first?.getAttribute('http-equiv'), html).toBe('Content-Security-Policy')
      expect(mode, html).toBe(parse(html).compatMode)
    }
    expect(written('<!DOCTYPE html><p>x').mode).toBe('CSS1Compat')
    expect(written('<p>x').mode).toBe('BackCompat')
  })

  it("is not fooled by the comment endings HTML knows: the app's script never comes before the policy", () => {
    for (const html of [
      '<!--><script id="evil">fetch("https://evil.example/x")</script>--><!doctype html><p>app</p>',
      '<!---><script id="evil">1</script>--><!doctype html><p>app</p>',
      '<!-- a --!><script id="evil">1</script>--><!doctype html><p>app</p>',
      `${'<!---->'.repeat(64)}<script id="evil">1</script>`,
    ]) {
      const { first, scripts } = written(html)
      expect(scripts, html).toBe(1)
      expect(first?.getAttribute('http-equiv'), html).toBe('Content-Security-Policy')
    }
  })
})

describe('startSandboxProxy', () => {
  const HOST = 'https://chat.example.com'
  const posted: Array<{ data: unknown; origin: string }> = []
  let restore = () => {}

  afterEach(() => {
    restore()
    posted.length = 0
    document.body.innerHTML = ''
  })

  /**
   * A frame of this page running the proxy, as if loaded from
   * `sandbox.html?host=HOST`. Its `parent` (jsdom's own window object, which
   * is not vitest's `window` global) plays the host page: what the proxy
   * posts to it is recorded.
   */
  function proxyFrame() {
    const frame = document.createElement('iframe')
    document.body.appendChild(frame)
    const proxy = frame.contentWindow as Window & typeof globalThis
    const host = proxy.parent
    const postMessage = host.postMessage
    host.postMessage = ((data: unknown, origin: string) => void posted.push({ data, origin })) as typeof host.postMessage
    restore = () => (host.postMessage = postMessage)
    startSandboxProxy(proxy, `https://sandbox.example/sandbox.html?host=${encodeURIComponent(HOST)}`)
    const fromHost = (data: unknown, origin = HOST) => proxy.dispatchEvent(new proxy.MessageEvent('message', { data, origin, source: host }))
    const inner = () => proxy.document.querySelector('iframe')
    return { proxy, host, fromHost, inner }
  }

  const resource = {
    jsonrpc: '2.0',
    method: 'ui/notifications/sandbox-resource-ready',
    params: {
      html: '<!doctype html><html><head><title>Seat map</title></head><body><p id="app">Seats</p></body></html>',
      csp: { connectDomains: ['https://api.example.com', 'https://evil.example; script-src *'] },
      permissions: { camera: {}, microphone: {} },
    },
  }

  it('says it is ready to the host origin only', () => {
    proxyFrame()
    expect(posted).toEqual([{ data: { jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, origin: HOST }])
  })

  it('builds the inner frame once: sandbox, allow, and the policy before the app in both documents', () => {
    const { proxy, fromHost, inner } = proxyFrame()
    fromHost(resource)
    fromHost({ ...resource, params: { html: '<p>replaced</p>' } })
    const frames = proxy.document.querySelectorAll('iframe')
    expect(frames).toHaveLength(1)
    const app = inner()!
    expect(app.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms')
    expect(app.getAttribute('allow')).toBe('camera; microphone')
    const policy = "default-src 'none'; script-src 'self' 'unsafe-inline' blob: data:; style-src 'self' 'unsafe-inline' blob: data:; img-src 'self' data: blob:; font-src 'self' data: blob:; media-src 'self' data: blob:; worker-src 'self' blob:; connect-src https://api.example.com; frame-src 'none'; base-uri 'self'; object-src 'none'; form-action 'none'"
    const head = app.contentDocument!.head
    expect(head.firstElementChild?.getAttribute('http-equiv')).toBe('Content-Security-Policy')
    expect(head.firstElementChild?.getAttribute('content')).toBe(policy)
    expect(app.contentDocument!.getElementById('app')?.textContent).toBe('Seats')
    expect(proxy.document.head.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content')).toBe(policy)
  })

  it('adopts the policy in its own document before it makes the app frame', () => {
    const { proxy, fromHost } = proxyFrame()
    const guarded: boolean[] = []
    const create = proxy.document.createElement.bind(proxy.document)
    proxy.document.createElement = ((name: string) => {
      if (name === 'iframe') guarded.push(proxy.document.head.querySelector('meta[http-equiv="Content-Security-Policy"]') !== null)
      return create(name)
    }) as typeof proxy.document.createElement
    fromHost(resource)
    expect(guarded).toEqual([true])
  })

  it('ignores the host page at another origin, and anything before the resource', () => {
    const { fromHost, inner } = proxyFrame()
    fromHost(resource, 'https://evil.example')
    expect(inner()).toBeNull()
    fromHost({ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: {} })
    expect(inner()).toBeNull()
  })

  it('relays the host to the app and the app to the host, but never sandbox-* messages', () => {
    const { proxy, fromHost, inner } = proxyFrame()
    fromHost(resource)
    const app = inner()!.contentWindow!
    const toApp: unknown[] = []
    app.postMessage = ((data: unknown) => void toApp.push(data)) as typeof app.postMessage
    fromHost({ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: { arguments: { a: 1 } } })
    fromHost({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} })
    expect(toApp).toEqual([{ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: { arguments: { a: 1 } } }])

    posted.length = 0
    const fromApp = (data: unknown, source: Window = app) => proxy.dispatchEvent(new proxy.MessageEvent('message', { data, origin: proxy.location.origin, source }))
    fromApp({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: {} })
    fromApp({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} })
    fromApp({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: { html: '' } })
    fromApp({ jsonrpc: '2.0', id: 2, method: 'ping' }, proxy) // not from the inner frame
    expect(posted).toEqual([{ data: { jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: {} }, origin: HOST }])
  })

  it('does nothing but explain itself when it is not framed, or ?host= is wrong', () => {
    const { host } = proxyFrame()
    posted.length = 0
    // The top window is its own parent: unframed.
    startSandboxProxy(host, 'https://sandbox.example/sandbox.html?host=https%3A%2F%2Fchat.example.com')
    expect(host.document.body.textContent).toContain('a host page frames it')
    const frame = document.createElement('iframe')
    document.body.appendChild(frame)
    const errors: unknown[] = []
    const consoleError = console.error
    console.error = (...args: unknown[]) => void errors.push(args)
    try {
      startSandboxProxy(frame.contentWindow!, 'https://sandbox.example/sandbox.html?host=not-an-origin')
    } finally {
      console.error = consoleError
    }
    expect(posted).toEqual([])
    expect(errors).toHaveLength(1)
  })
})
