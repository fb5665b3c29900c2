/**
 * The raw attempts of the hostile view (browser code): messages the bridge
 * must drop or refuse, and reaches outside the frame the sandbox and the CSP
 * must stop. Each reports through `report(probe, outcome, detail)`.
 */
import { describeError } from './kit.ts'

type Report = (probe: string, outcome: string, detail: string) => void

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * (a) Messages no host may act on. The ones with an id wait a second for a
 * reply: an error reply is `refused`, a result `answered`, silence `no-reply`.
 */
export async function probeFrames(report: Report): Promise<void> {
  const replies = new Map<string, { error?: { code?: number; message?: string }; result?: unknown }>()
  const listen = (event: MessageEvent) => {
    const data = event.data as { id?: unknown; error?: { code?: number; message?: string }; result?: unknown } | null
    if (typeof data?.id === 'string' && data.id.startsWith('hostile-')) replies.set(data.id, data)
  }
  window.addEventListener('message', listen)
  const parent = window.parent
  const attempts: Array<[string, unknown, Window]> = [
    ['not-json', 'this is not JSON-RPC {', parent],
    ['a-number', 42, parent],
    ['wrong-version', { jsonrpc: '1.0', id: 'hostile-wrong-version', method: 'ping' }, parent],
    ['method-not-string', { jsonrpc: '2.0', id: 'hostile-method-not-string', method: 42 }, parent],
    ['params-array', { jsonrpc: '2.0', id: 'hostile-params-array', method: 'tools/list', params: [1, 2] }, parent],
    ['id-object', { jsonrpc: '2.0', id: { hostile: true }, method: 'ping' }, parent],
    ['unknown-method', { jsonrpc: '2.0', id: 'hostile-unknown-method', method: 'ui/steal-cookies', params: {} }, parent],
    [
      'huge-params',
      { jsonrpc: '2.0', id: 'hostile-huge-params', method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'x'.repeat(1_200_000) }] } },
      parent,
    ],
    ['forged-sandbox-message', { jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: { html: '<p id="forged">forged</p>' } }, parent],
    // Straight to the host page, around the proxy: the host must check the source.
    ['direct-to-top', { jsonrpc: '2.0', id: 'hostile-direct-to-top', method: 'ui/open-link', params: { url: 'https://example.com/?via=direct-to-top' } }, window.top ?? parent],
  ]
  for (const [probe, message, target] of attempts) {
    try {
      target.postMessage(message, '*')
    } catch (error) {
      report(probe, 'refused', `postMessage threw ${describeError(error)}`)
      continue
    }
    const id = typeof message === 'object' && message !== null && typeof (message as { id?: unknown }).id === 'string' ? (message as { id: string }).id : undefined
    if (id === undefined) {
      report(probe, 'sent', 'posted; nothing to answer (no string id)')
      continue
    }
    await wait(1000)
    const reply = replies.get(id)
    if (!reply) report(probe, 'no-reply', 'dropped: no answer within 1 s')
    else if (reply.error) report(probe, 'refused', `error ${String(reply.error.code)}: ${String(reply.error.message)}`)
    else report(probe, 'answered', `result ${JSON.stringify(reply.result).slice(0, 200)}`)
  }
  window.removeEventListener('message', listen)
}

/**
 * (d) Reaching outside the frame. Network attempts go to the tripwire with
 * `?via=<probe>`; a CSP block shows up as a `securitypolicyviolation` while
 * the probe runs, so each line says which directive stopped it.
 */
export async function pageProbes(tripwire: string, report: Report): Promise<void> {
  const violations: string[] = []
  const onViolation = (where: string) => (event: SecurityPolicyViolationEvent) => violations.push(`${where}${event.effectiveDirective} blocked ${event.blockedURI}`)
  document.addEventListener('securitypolicyviolation', onViolation(''))
  try {
    // The proxy shares this frame's origin: its own blocks show up in its document.
    window.parent.document.addEventListener('securitypolicyviolation', onViolation("the parent's "))
  } catch {
    // A cross-origin parent: nothing of it can be reached, which is the point.
  }
  const url = (probe: string) => `${tripwire}?via=${probe}`

  const reach = (probe: string, read: () => string) => {
    try {
      report(probe, 'allowed', read())
    } catch (error) {
      report(probe, 'refused', describeError(error))
    }
  }
  reach('top-location', () => `read ${String(window.top?.location.href)}`)
  reach('top-document', () => `read the title ${JSON.stringify(window.top?.document.title)}`)
  reach('parent-document', () => `read the parent's document at ${window.parent.location.origin} (parent is top: ${String(window.parent === window.top)})`)

  /** Runs one network attempt and reports it, with any CSP violation seen meanwhile. */
  const network = async (probe: string, attempt: () => Promise<string> | string) => {
    const before = violations.length
    let detail: string
    let failed = false
    try {
      detail = await attempt()
    } catch (error) {
      failed = true
      detail = describeError(error)
    }
    await wait(300)
    const seen = violations.slice(before)
    if (seen.length > 0) report(probe, 'refused', `${seen.join('; ')} (${detail})`)
    else report(probe, failed ? 'refused' : 'sent', detail)
  }
  await network('fetch', async () => {
    const response = await fetch(url('fetch'), { mode: 'no-cors' })
    return `fetch resolved (${response.type})`
  })
  await network('img', () => loaded(Object.assign(new Image(), { src: url('img') })))
  await network('beacon', () => `sendBeacon returned ${String(navigator.sendBeacon(url('beacon')))}`)
  await network('websocket', () => {
    const socket = new WebSocket(url('websocket').replace(/^http/, 'ws'))
    socket.onerror = () => socket.close()
    return 'the WebSocket was created'
  })
  await network('iframe', () => {
    document.body.append(Object.assign(document.createElement('iframe'), { src: url('iframe'), hidden: true }))
    return 'an iframe was added'
  })
  await network('window-open', () => {
    const opened = window.open(url('window-open'))
    if (!opened) throw new Error('window.open returned null')
    return 'a window opened'
  })
  await network('form', () => {
    // Into a srcless frame of its own: a refused navigation of THIS frame would replace the report with an error page.
    document.body.append(Object.assign(document.createElement('iframe'), { name: 'hostile-sink', hidden: true }))
    const form = Object.assign(document.createElement('form'), { method: 'get', action: url('form'), target: 'hostile-sink', hidden: true })
    document.body.append(form)
    form.submit()
    return 'the form was submitted'
  })
  await network('top-navigation', () => {
    window.top!.location.href = url('top-navigation')
    return 'the top window was told to navigate'
  })
  // A worker from blob: is allowed (PDF.js needs one), and inherits this frame's policy: no network from there either.
  await network('worker-fetch', () => {
    const code = `fetch(${JSON.stringify(url('worker-fetch'))}, { mode: 'no-cors' }).then(() => postMessage('sent'), (error) => postMessage('refused: ' + error))`
    const worker = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })))
    return new Promise<string>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent) => (String(event.data) === 'sent' ? resolve('the worker\'s fetch resolved') : reject(new Error(`the worker's fetch failed (${String(event.data)})`)))
      worker.onerror = () => reject(new Error('the worker did not start'))
    }).finally(() => worker.terminate())
  })
  // The parent is the sandbox proxy (the same origin as this frame): its realm has its own CSP, or none.
  await network('parent-fetch', async () => {
    const parentFetch = (window.parent as Window & typeof globalThis).fetch
    const response = await parentFetch(url('parent-fetch'), { mode: 'no-cors' })
    return `the parent's fetch resolved (${response.type})`
  })
  await network('parent-script', () => {
    const doc = window.parent.document
    const script = doc.createElement('script')
    script.textContent = `fetch(${JSON.stringify(url('parent-script'))}, { mode: 'no-cors' }).catch(() => {})`
    doc.head.append(script)
    return "a script was put into the parent's document"
  })
}

function loaded(image: HTMLImageElement): Promise<string> {
  return new Promise((resolve, reject) => {
    image.onload = () => resolve('the image loaded')
    image.onerror = () => reject(new Error('the image did not load'))
  })
}
