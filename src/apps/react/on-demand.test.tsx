// @vitest-environment jsdom
/**
 * What the apps' React parts load on demand, and what a chunk that cannot be
 * fetched leaves. The answer check of an app-drawn question (SEP-3118,
 * `answer-check.ts` with the forms' no-eval validator) loads with the
 * question's frame, and the question goes to the app only once it is there:
 * the same answers give the same results as the synchronous
 * `checkAppAnswer`, and a check that cannot be fetched tears the app down
 * without asking it, tells `onWarning`, and leaves the native form, where the
 * question is answered. The URL consent card of an app's link loads when the
 * app asks to open one; one that cannot be fetched refuses the link (the
 * bridge answers the app "Link opening denied") and goes to `onError`, with
 * the app still in the page (here the forms' index loads every card, so the
 * card's loader is made to fail; bench/size-check.mjs checks that the card is
 * out of the first load). The download card of an app's files loads the
 * same way: it shows the server's host and each sanitised name as text, Save
 * downloads in the click, Don't save and a card that cannot be fetched
 * decline. The host itself (`mountMcpApp`, with the bridge)
 * loads with the first app shown: what the call did meanwhile reaches the
 * app, and a host that cannot be fetched leaves the fallback (the native
 * form for a question) and an `APP_FRAME_FAILED` for `onAppError`. The frame
 * itself is faked: the bridge has its own tests. Each test starts from fresh
 * modules.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { McpAppOptions } from '../mount'

interface FakeMount {
  options: McpAppOptions
  elicit: ReturnType<typeof vi.fn>
  teardown: ReturnType<typeof vi.fn>
  setToolInput: ReturnType<typeof vi.fn>
  setToolResult: ReturnType<typeof vi.fn>
  cancelTool: ReturnType<typeof vi.fn>
}

const mounts: FakeMount[] = []
let appAnswer: unknown

/** `mount.ts` as the components see it: each mount recorded, ready at once, answering `appAnswer`. */
function fakeMountModule() {
  return {
    mountMcpApp: (_element: HTMLElement, options: McpAppOptions) => {
      const mount: FakeMount = {
        options,
        elicit: vi.fn(async () => appAnswer),
        teardown: vi.fn(async () => {}),
        setToolInput: vi.fn(),
        setToolResult: vi.fn(),
        cancelTool: vi.fn(),
      }
      mounts.push(mount)
      return { frame: document.createElement('iframe'), ready: Promise.resolve(), setToolInputPartial: vi.fn(), setHostContext: vi.fn(), ...mount }
    },
  }
}

/** What loading `mount.ts` does: waits for `mountGate` when set, fails while `mountOffline`. */
let mountGate: Promise<void> | undefined
let mountOffline = false
beforeEach(() => {
  vi.doMock('../mount', async () => {
    await mountGate
    if (mountOffline) FETCH_FAILED()
    return fakeMountModule()
  })
})

afterEach(() => {
  cleanup()
  mounts.length = 0
  appAnswer = undefined
  vi.doUnmock('./answer-check')
  vi.doUnmock('../../forms/lazy-parts')
  mountGate = undefined
  mountOffline = false
  vi.doUnmock('../mount')
  vi.resetModules()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

const SANDBOX = 'https://sandbox.example.com/sandbox.html'
const ENDPOINT = 'https://tools.example.com/mcp'
/** The context the bridge passes with a request the app has not cancelled. */
const live = () => ({ signal: new AbortController().signal })
function FETCH_FAILED(): never {
  throw new TypeError('Failed to fetch dynamically imported module')
}

/** Counts the loads of a module, loading the real one. */
function watchLoads(path: './answer-check') {
  const loaded = vi.fn()
  vi.doMock(path, async (importOriginal) => {
    loaded()
    return importOriginal()
  })
  return loaded
}

/** Fresh modules: the client, its provider and the apps' context, one copy each. */
async function page(host: Record<string, unknown>) {
  const { createClient } = await import('../../core')
  const { McpProvider } = await import('../../react')
  const { McpAppsContext } = await import('./context')
  const client = createClient(ENDPOINT)
  const wrap = (children: ReactNode) => (
    <McpProvider client={client}>
      <McpAppsContext.Provider value={{ sandbox: SANDBOX, ...host }}>{children}</McpAppsContext.Provider>
    </McpProvider>
  )
  return { client, wrap }
}

describe('an app-drawn question (SEP-3118): its answer check loads on demand', () => {
  const params = {
    message: 'File an issue',
    requestedSchema: { type: 'object', properties: { title: { type: 'string', minLength: 3 }, severity: { type: 'string', enum: ['low', 'high'] } }, required: ['title'] },
    _meta: { ui: { resourceUri: 'ui://demo/issue-form.html' } },
  }

  async function ask(host: Record<string, unknown> = {}) {
    const { client, wrap } = await page(host)
    const { AppQuestion } = await import('./AppQuestion')
    const onRespond = vi.fn()
    const input = { key: 'issue', method: 'elicitation/create', params, era: 'modern' as const, server: undefined, url: client.url.toString(), answered: false }
    const fallback = (
      <button type="button" onClick={() => onRespond({ action: 'accept', content: { title: 'From the native form' } })}>
        Native form
      </button>
    )
    const view = render(wrap(<AppQuestion input={input} params={params} onRespond={onRespond} fallback={fallback} />))
    return { onRespond, view }
  }

  it('a page without an app-drawn question never loads it', async () => {
    const loaded = watchLoads('./answer-check')
    await ask({ sandbox: undefined })
    expect(screen.getByRole('button', { name: 'Native form' })).toBeTruthy()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect([loaded.mock.calls.length, mounts.length]).toEqual([0, 0])
  })

  it('the question goes to the app once the check is there; the same answers give what checkAppAnswer gives', async () => {
    const { checkAppAnswer } = await import('./answer-check')
    const answers = [
      { action: 'accept', content: { title: 'Broken', severity: 'high' } },
      { action: 'accept', content: { title: 'Broken', severity: 'low', note: 'not asked' } },
      { action: 'accept', content: { title: 'no' } },
      { action: 'decline', content: { title: 'x' } },
      'not an answer',
    ]
    for (const answer of answers) {
      vi.resetModules()
      appAnswer = answer
      const expected = checkAppAnswer(params.requestedSchema, answer)
      const before = mounts.length
      const { onRespond, view } = await ask()
      await waitFor(() => expect(mounts).toHaveLength(before + 1))
      const mount = mounts.at(-1)!
      await waitFor(() => expect(mount.elicit).toHaveBeenCalledTimes(1))
      if (expected) await waitFor(() => expect(onRespond.mock.calls).toStrictEqual([[expected]]))
      else await screen.findByRole('button', { name: 'Native form' })
      expect(mount.teardown).toHaveBeenCalled()
      view.unmount()
    }
  })

  it('a check that cannot be fetched: the app is torn down without the question, onWarning is told, the native form answers; the next question loads it again', async () => {
    vi.doMock('./answer-check', FETCH_FAILED)
    const onWarning = vi.fn()
    appAnswer = { action: 'accept', content: { title: 'Unchecked' } }
    const { onRespond, view } = await ask({ onWarning })
    await userEvent.click(await screen.findByRole('button', { name: 'Native form' }))
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { title: 'From the native form' } }]])
    expect(mounts[0]!.elicit).not.toHaveBeenCalled()
    expect(mounts[0]!.teardown).toHaveBeenCalled()
    expect(onWarning.mock.calls).toHaveLength(1)
    // The McpNetworkError of loadChunk, by its message.
    expect(onWarning.mock.calls[0]![0]).toMatch(/^\[mcp-elicit\/apps\] Network error: could not load the app answer check of mcp-elicit \(.*\): the question is asked with the native form$/)
    view.unmount()

    vi.doUnmock('./answer-check')
    const next = await ask({ onWarning })
    await waitFor(() => expect(next.onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { title: 'Unchecked' } }]]))
    expect(onWarning.mock.calls).toHaveLength(1)
  })
})

describe("an app's link: the URL consent card loads on demand", () => {
  const tool = { name: 'seat_map', inputSchema: { type: 'object' as const }, _meta: { ui: { resourceUri: 'ui://demo/seat-map.html' } } }

  async function app(host: Record<string, unknown> = {}) {
    const { wrap } = await page({ openLinks: true, ...host })
    const { McpApp } = await import('./McpApp')
    const view = render(wrap(<McpApp tool={tool} fallback={<p>plain result</p>} />))
    await waitFor(() => expect(mounts).toHaveLength(1))
    const onOpenLink = mounts[0]!.options.onOpenLink!
    return { view, onOpenLink }
  }

  it('the card shows when the app asks, its buttons say what they do, and the app gets the answer', async () => {
    const { onOpenLink } = await app()
    const opened = onOpenLink(new URL('https://example.com/terms'), live())
    const card = await screen.findByRole('group')
    expect([...card.querySelectorAll('button')].map((button) => button.textContent)).toEqual(['Open link to example.com', "Don't open"])
    await userEvent.click(await screen.findByRole('button', { name: "Don't open" }))
    expect(await opened).toBe(false)
    expect(screen.queryByRole('button', { name: "Don't open" })).toBeNull()
  })

  it('the card closes unanswered when the app cancels its request, and the link is not opened', async () => {
    const { onOpenLink } = await app()
    const cancel = new AbortController()
    const opened = onOpenLink(new URL('https://example.com/terms'), { signal: cancel.signal })
    await screen.findByRole('button', { name: "Don't open" })
    cancel.abort()
    expect(await opened).toBe(false)
    await waitFor(() => expect(screen.queryByRole('button', { name: "Don't open" })).toBeNull())
    // One already cancelled never shows.
    expect(await onOpenLink(new URL('https://example.com/other'), { signal: AbortSignal.abort() })).toBe(false)
    expect(screen.queryByRole('button', { name: "Don't open" })).toBeNull()
  })

  it('a card that cannot be fetched refuses the link, goes to onError as a PartLoadError, and leaves the app', async () => {
    let offline = true
    vi.doMock('../../forms/lazy-parts', async (importOriginal) => {
      const parts = await importOriginal<typeof import('../../forms/lazy-parts')>()
      const real = () => import('../../forms/UrlElicitation').then((module) => module.UrlElicitation)
      return { ...parts, LazyUrlElicitation: parts.lazyPart('UrlElicitation', () => (offline ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : real())) }
    })
    const onError = vi.fn()
    // React logs what a boundary caught; the test reads it from onError.
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { view, onOpenLink } = await app({ onError })
    expect(await onOpenLink(new URL('https://example.com/terms'), live())).toBe(false)
    const { PartLoadError } = await import('../../forms/lazy-parts')
    expect(onError.mock.calls.map(([error]) => error instanceof PartLoadError && error.part)).toEqual(['UrlElicitation'])
    await waitFor(() => expect(view.container.querySelector('.mcp-elicit-loading')).toBeNull())
    expect(view.container.querySelector('.mcp-elicit-app .mcp-elicit-app-view')).toBeTruthy()
    expect(screen.queryByText('plain result')).toBeNull()

    offline = false
    const again = onOpenLink(new URL('https://example.com/terms'), live())
    await userEvent.click(await screen.findByRole('button', { name: "Don't open" }))
    expect(await again).toBe(false)
  })
})

describe("an app's download: the download card loads on demand", () => {
  const tool = { name: 'seat_map', inputSchema: { type: 'object' as const }, _meta: { ui: { resourceUri: 'ui://demo/seat-map.html' } } }

  async function app(host: Record<string, unknown> = {}) {
    const { wrap } = await page(host)
    const { McpApp } = await import('./McpApp')
    const view = render(wrap(<McpApp tool={tool} fallback={<p>plain result</p>} />))
    await waitFor(() => expect(mounts).toHaveLength(1))
    return { view, onDownloadFile: mounts[0]!.options.onDownloadFile }
  }

  /** Files as the bridge hands them over: read and sanitised by `readDownloadFiles`, from what a hostile view sent. */
  async function files() {
    const { readDownloadFiles } = await import('../download')
    return readDownloadFiles({
      contents: [
        { type: 'resource', resource: { uri: 'file:///../../etc/passwd', mimeType: 'text/html;<script>alert(1)</script>', text: 'root:x:0:0' } },
        { type: 'resource', resource: { uri: 'file:///<img src=x onerror=alert(1)>\u202Egnp.exe', mimeType: 'image/png', blob: 'AAEC/w==' } },
      ],
    })
  }

  /** The downloads the page started: each anchor clicked, with the blob behind its object URL. */
  function watchDownloads() {
    const blobs = new Map<string, Blob>()
    let made = 0
    const revoked: string[] = []
    vi.stubGlobal('URL', Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:https://page.example/${++made}`
        blobs.set(url, blob)
        return url
      },
      revokeObjectURL: (url: string) => revoked.push(url),
    }))
    const clicked: { name: string; blob: Blob | undefined; inPage: boolean }[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ name: this.download, blob: blobs.get(this.href), inPage: document.body.contains(this) })
    })
    return { clicked, revoked }
  }

  it('is off unless downloadFiles is set: the bridge gets no onDownloadFile', async () => {
    const { onDownloadFile } = await app()
    expect(onDownloadFile).toBeUndefined()
  })

  it("shows the server's host and each file as text; Save downloads them in the click, and the app is told", async () => {
    const { clicked, revoked } = watchDownloads()
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { view, onDownloadFile } = await app({ downloadFiles: true })
    const saved = onDownloadFile!(await files(), live())
    const card = await screen.findByRole('group', { name: 'The app from tools.example.com asks to save these 2 files:' })
    expect(card.querySelectorAll('li')).toHaveLength(2)
    expect([...card.querySelectorAll('bdi')].map((name) => name.textContent)).toEqual(['passwd', 'img src=x onerror=alert(1)gnp.exe'])
    expect(card.textContent).toContain('(text/html, 10 bytes)')
    expect(card.textContent).toContain('(image/png, 4 bytes)')
    expect(view.container.querySelector('img, script')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await saved).toBe(true)
    expect(clicked.map(({ name, inPage }) => ({ name, inPage }))).toEqual([
      { name: 'passwd', inPage: true },
      { name: 'img src=x onerror=alert(1)gnp.exe', inPage: true },
    ])
    expect(clicked[0]!.blob!.type).toBe('text/html')
    expect(await clicked[0]!.blob!.text()).toBe('root:x:0:0')
    expect([...new Uint8Array(await clicked[1]!.blob!.arrayBuffer())]).toEqual([0, 1, 2, 255])
    expect(document.querySelector('a[download]')).toBeNull()
    expect(screen.queryByRole('group')).toBeNull()
    vi.advanceTimersByTime(10_000)
    expect(revoked).toHaveLength(2)
    vi.useRealTimers()
  })

  it("Don't save downloads nothing and tells the app it was declined", async () => {
    const { clicked } = watchDownloads()
    const { onDownloadFile } = await app({ downloadFiles: true })
    const saved = onDownloadFile!(await files(), live())
    await userEvent.click(await screen.findByRole('button', { name: "Don't save" }))
    expect(await saved).toBe(false)
    expect(clicked).toEqual([])
  })

  it('the card closes unanswered when the app cancels its request, and nothing is saved', async () => {
    const { clicked } = watchDownloads()
    const { onDownloadFile } = await app({ downloadFiles: true })
    const cancel = new AbortController()
    const saved = onDownloadFile!(await files(), { signal: cancel.signal })
    await screen.findByRole('button', { name: 'Save' })
    cancel.abort()
    expect(await saved).toBe(false)
    await waitFor(() => expect(screen.queryByRole('group')).toBeNull())
    expect(clicked).toEqual([])
  })

  it('a card that cannot be fetched declines, goes to onError as a PartLoadError, and leaves the app', async () => {
    vi.doMock('./DownloadCard', () => FETCH_FAILED())
    const onError = vi.fn()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { view, onDownloadFile } = await app({ downloadFiles: true, onError })
    expect(await onDownloadFile!(await files(), live())).toBe(false)
    const { PartLoadError } = await import('../../forms/lazy-parts')
    expect(onError.mock.calls.map(([error]) => error instanceof PartLoadError && error.part)).toEqual(['DownloadCard'])
    expect(view.container.querySelector('.mcp-elicit-app .mcp-elicit-app-view')).toBeTruthy()
    vi.doUnmock('./DownloadCard')
  })
})

describe('the host (mountMcpApp and the bridge) loads with the first app shown', () => {
  const tool = { name: 'seat_map', inputSchema: { type: 'object' as const }, _meta: { ui: { resourceUri: 'ui://demo/seat-map.html' } } }

  it('what the call did while the host loaded reaches the app: its input and result at mount, its cancellation after', async () => {
    let open!: () => void
    mountGate = new Promise<void>((resolve) => (open = resolve))
    const { wrap } = await page({})
    const { McpApp } = await import('./McpApp')
    const args = { flight: 'LX 318' }
    const result = { content: [{ type: 'text' as const, text: 'held' }] }
    const view = render(wrap(<McpApp tool={tool} arguments={args} />))
    view.rerender(wrap(<McpApp tool={tool} arguments={args} result={result} cancelled="stopped" />))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(mounts).toHaveLength(0)
    open()
    await waitFor(() => expect(mounts).toHaveLength(1))
    const mount = mounts[0]!
    expect([mount.options.toolInput, mount.options.toolResult]).toStrictEqual([args, result])
    await waitFor(() => expect(mount.cancelTool.mock.calls).toStrictEqual([['stopped']]))
    expect([mount.setToolInput.mock.calls, mount.setToolResult.mock.calls]).toStrictEqual([[], []])
    view.unmount()
    expect(mount.teardown).toHaveBeenCalled()
  })

  it('a host that cannot be fetched: the fallback, and onAppError gets APP_FRAME_FAILED with the McpNetworkError in cause; the next app loads it again', async () => {
    mountOffline = true
    const onAppError = vi.fn()
    const { wrap } = await page({ onAppError })
    const { McpApp } = await import('./McpApp')
    const { isMcpNetworkError } = await import('../../core')
    const view = render(wrap(<McpApp tool={tool} fallback={<p>plain result</p>} />))
    expect(await screen.findByText('plain result')).toBeTruthy()
    expect(onAppError.mock.calls.map(([error]) => [error.code, error.uri, isMcpNetworkError(error.cause)])).toEqual([['APP_FRAME_FAILED', 'ui://demo/seat-map.html', true]])
    expect(onAppError.mock.calls[0]![0].message).toMatch(/could not load the MCP Apps host of mcp-elicit/)
    view.unmount()

    // Back online: a failed load is forgotten, and the next app asks for the host again.
    mountOffline = false
    vi.doMock('../mount', () => fakeMountModule())
    render(wrap(<McpApp tool={tool} fallback={<p>plain result</p>} />))
    await waitFor(() => expect(mounts).toHaveLength(1))
  })

  it('for an app-drawn question, a host that cannot be fetched leaves the native form, where it is answered', async () => {
    mountOffline = true
    const onAppError = vi.fn()
    const { client, wrap } = await page({ onAppError })
    const { AppQuestion } = await import('./AppQuestion')
    const params = { message: 'Title?', requestedSchema: { type: 'object', properties: { title: { type: 'string' } } }, _meta: { ui: { resourceUri: 'ui://demo/issue-form.html' } } }
    const input = { key: 'q', method: 'elicitation/create', params, era: 'modern' as const, server: undefined, url: client.url.toString(), answered: false }
    const onRespond = vi.fn()
    const fallback = (
      <button type="button" onClick={() => onRespond({ action: 'decline' })}>
        Native form
      </button>
    )
    render(wrap(<AppQuestion input={input} params={params} onRespond={onRespond} fallback={fallback} />))
    await userEvent.click(await screen.findByRole('button', { name: 'Native form' }))
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'decline' }]])
    expect(onAppError.mock.calls.map(([error]) => error.code)).toEqual(['APP_FRAME_FAILED'])
  })
})
