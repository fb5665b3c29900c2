/**
 * The MCP App views the apps stories' recorded server serves: small
 * hand-written HTML documents whose one inline script speaks the MCP Apps
 * JSON-RPC over `postMessage` with `window.parent` (the sandbox proxy, which
 * relays to the page): `ui/initialize` -> its answer ->
 * `ui/notifications/initialized`, then what the host sends. No SDK, nothing
 * loaded: the proxy's CSP allows inline scripts and styles and nothing else.
 *
 * Server and tool data is shown with `textContent` only, never parsed as HTML.
 */

/**
 * The sandbox proxy page (servers/sandbox-page.ts), which .storybook/main.ts
 * writes into a static folder of Storybook: the same server, reached by the
 * OTHER loopback host name, is another origin than the stories' page, as MCP
 * Apps require (a same-origin sandbox is refused).
 */
export function storySandbox(): string {
  const other = location.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1'
  return `${location.protocol}//${other}${location.port ? `:${location.port}` : ''}/sandbox.html`
}

/** The MIME type of an MCP App's HTML (`text/html;profile=mcp-app`). */
export const APP_MIME_TYPE = 'text/html;profile=mcp-app'

/** The plumbing every view shares: requests with ids, answers to the host's requests, the handshake, its height. */
const bridge = String.raw`
  const host = window.parent
  const send = (message) => host.postMessage(Object.assign({ jsonrpc: '2.0' }, message), '*')
  const notify = (method, params) => send({ method, params })
  const waiting = new Map()
  let nextId = 1
  const request = (method, params) =>
    new Promise((resolve, reject) => {
      const id = nextId++
      waiting.set(id, { resolve, reject })
      send({ id, method, params })
    })
  const line = (id, text) => {
    document.getElementById(id).textContent = text
    resize()
  }
  const resize = () => notify('ui/notifications/size-changed', { height: Math.ceil(document.documentElement.getBoundingClientRect().height) })
  const textOf = (result) =>
    (Array.isArray(result && result.content) ? result.content : [])
      .map((block) => (block && block.type === 'text' ? String(block.text) : '[' + String(block && block.type) + ']'))
      .join(' ')
  const handlers = {}
  window.addEventListener('message', (event) => {
    // Only the proxy speaks to the view; anything that is not JSON-RPC 2.0 is not for it.
    if (event.source !== host) return
    const message = event.data
    if (!message || typeof message !== 'object' || message.jsonrpc !== '2.0') return
    if (message.method === undefined) {
      const pending = waiting.get(message.id)
      waiting.delete(message.id)
      if (pending && message.error) pending.reject(new Error(String(message.error.message)))
      else if (pending) pending.resolve(message.result)
      return
    }
    const handler = handlers[message.method]
    if (message.id === undefined) return void (handler && handler(message.params || {}))
    if (message.method === 'ui/resource-teardown' || message.method === 'ping') return send({ id: message.id, result: {} })
    if (!handler) return send({ id: message.id, error: { code: -32601, message: 'Method not found' } })
    Promise.resolve(handler(message.params || {}, message.id)).then(
      (result) => result !== undefined && send({ id: message.id, result }),
      (error) => send({ id: message.id, error: { code: -32603, message: String(error && error.message) } }),
    )
  })
  const connect = (appCapabilities, onConnected) =>
    request('ui/initialize', { appInfo: { name: 'weather-views', version: '1.0.0' }, appCapabilities, protocolVersion: '2026-01-26' }).then((result) => {
      const theme = result && result.hostContext && result.hostContext.theme
      if (theme === 'dark' || theme === 'light') document.documentElement.dataset.theme = theme
      notify('ui/notifications/initialized', {})
      onConnected()
      resize()
    })
`

const style = `
  :root { color-scheme: light; --text: #1f2328; --muted: #59636e; --accent: #0a58ca; --accent-text: #ffffff; }
  :root[data-theme='dark'] { color-scheme: dark; --text: #e6edf3; --muted: #b0bac5; --accent: #7ab7ff; --accent-text: #0f1115; }
  html, body { margin: 0; background: transparent; }
  body { font: 15px/1.45 system-ui, sans-serif; color: var(--text); }
  main { padding: 12px 14px; }
  h1 { font-size: 17px; margin: 0 0 6px; }
  p { margin: 4px 0; }
  .muted { color: var(--muted); }
  .choices { display: flex; gap: 8px; flex-wrap: wrap; margin-top: 10px; }
  button { font: inherit; padding: 6px 14px; border: 0; border-radius: 6px; background: var(--accent); color: var(--accent-text); cursor: pointer; }
`

/** `ui://weather/view.html`: the `weather` tool's app. Shows the city it was called for and the result; logs what it showed. */
export const weatherView = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Weather</title>
<style>${style}</style>
</head>
<body>
<main>
  <h1 id="heading">Weather</h1>
  <p id="input" class="muted">Waiting for the call…</p>
  <p id="result" data-testid="result"></p>
</main>
<script>
(() => {
${bridge}
  handlers['ui/notifications/tool-input'] = (params) => {
    const city = params.arguments && params.arguments.city
    line('heading', 'Weather in ' + String(city === undefined ? 'your city' : city))
    line('input', 'Asking the weather service…')
  }
  handlers['ui/notifications/tool-result'] = (params) => {
    const text = textOf(params)
    line('input', 'Forecast for the next hours:')
    line('result', text)
    // What the view showed, for the host's log (the story's play function reads it).
    notify('notifications/message', { level: 'info', logger: 'weather-view', data: { shown: text } })
  }
  handlers['ui/notifications/tool-cancelled'] = (params) => line('input', 'The call ended without a result: ' + String(params.reason || 'cancelled'))
  connect({}, () => line('input', 'Connected; waiting for the call…'))
})()
</script>
</body>
</html>
`

/**
 * `ui://weather/ask.html`: draws a form question (SEP-3118) as a button per
 * choice of its `city` field; a click answers the host's `elicitation/create`
 * with `{ action: 'accept', content: { city } }`.
 */
export const askView = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Pick a city</title>
<style>${style}</style>
</head>
<body>
<main>
  <h1 id="question">Waiting for the question…</h1>
  <p class="muted">Tap a city for its forecast.</p>
  <div id="choices" class="choices" role="group" aria-labelledby="question"></div>
</main>
<script>
(() => {
${bridge}
  handlers['elicitation/create'] = (params) =>
    new Promise((resolve) => {
      line('question', String(params.message))
      const field = params.requestedSchema && params.requestedSchema.properties && params.requestedSchema.properties.city
      const choices = document.getElementById('choices')
      choices.replaceChildren()
      for (const city of Array.isArray(field && field.enum) ? field.enum : []) {
        const button = document.createElement('button')
        button.type = 'button'
        button.textContent = String(city)
        button.addEventListener('click', () => {
          for (const other of choices.querySelectorAll('button')) other.disabled = true
          resolve({ action: 'accept', content: { city } })
        })
        choices.append(button)
      }
      resize()
    })
  connect({ elicitation: {} }, () => {})
})()
</script>
</body>
</html>
`
