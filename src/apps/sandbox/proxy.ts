/**
 * The sandbox proxy: the script of `sandbox.html`, the page a host serves
 * from ANOTHER origin and frames. It frames the app in turn and relays
 * messages between the host page and the app (ext-apps apps.mdx, "Sandbox
 * proxy"):
 *
 *   host page  <->  this page (sandbox origin)  <->  inner frame (the app's HTML)
 *
 * 1. It refuses to run unframed, and talks only to the origin named by
 *    `?host=` (checked against `location.ancestorOrigins[0]` where the
 *    browser has it), and only with `window.parent`.
 * 2. It says `ui/notifications/sandbox-proxy-ready`; the first
 *    `sandbox-resource-ready` makes the inner frame, whose document starts
 *    with a CSP `<meta>` built from the resource's declared domains (csp.ts,
 *    the same builder the host uses), then the app's HTML.
 * 3. Everything else is relayed both ways, except `ui/notifications/sandbox-*`.
 *
 * The inner frame shares this page's origin (`allow-same-origin`, which apps
 * need for storage), so the app could reach into this document and run code
 * here; that is why this page adopts the app's policy too before it makes
 * the app's frame, instead of carrying none.
 */
import { buildAllowAttribute, buildAppCsp } from '../csp.js'
import { isObject } from '../json-object.js'
import { isSandboxMessage, SANDBOX_PROXY_READY, SANDBOX_RESOURCE_READY } from '../methods.js'
import type { McpUiResourceCsp, McpUiResourcePermissions } from '../types.js'

/** The inner frame's sandbox unless the host overrides it: the outer frame's own tokens (a nested frame can never have more). */
export const DEFAULT_INNER_SANDBOX = 'allow-scripts allow-same-origin allow-forms'
/** Tokens a host may ask for; never top navigation, and the outer frame's sandbox bounds them anyway. */
const INNER_TOKENS = new Set(['allow-scripts', 'allow-same-origin', 'allow-forms', 'allow-modals', 'allow-popups', 'allow-downloads', 'allow-pointer-lock'])
/**
 * The host page's origin from `?host=`: an http(s) origin written exactly
 * as the browser would serialise it, and the embedder's origin where the
 * browser reports one (`ancestorOrigins`; Firefox has none, and a `"null"`
 * entry tells nothing).
 */
export function hostOrigin(href: string, ancestorOrigins?: ArrayLike<string> | null): string | undefined {
  let host: string | null
  try {
    host = new URL(href).searchParams.get('host')
  } catch {
    return undefined
  }
  if (!host) return undefined
  let origin: string
  try {
    origin = new URL(host).origin
  } catch {
    return undefined
  }
  if (!/^https?:\/\//.test(origin) || origin !== host.replace(/\/$/, '')) return undefined
  const embedder = ancestorOrigins && ancestorOrigins.length > 0 ? ancestorOrigins[0] : undefined
  if (embedder !== undefined && embedder !== 'null' && embedder !== origin) return undefined
  return origin
}

/** The inner frame's sandbox tokens: the host's override kept to known tokens, else {@link DEFAULT_INNER_SANDBOX}. */
export function innerSandbox(requested: unknown): string {
  if (typeof requested !== 'string') return DEFAULT_INNER_SANDBOX
  return [...new Set(requested.split(/\s+/).filter((token) => INNER_TOKENS.has(token)))].join(' ')
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** A doctype as the tokenizer would read it back: same name, same ids, so the same rendering mode. */
function doctypeText(doctype: DocumentType): string {
  const quote = (id: string) => (id.includes('"') ? `'${id}'` : `"${id}"`)
  if (doctype.publicId) return `<!DOCTYPE ${doctype.name} PUBLIC ${quote(doctype.publicId)}${doctype.systemId ? ` ${quote(doctype.systemId)}` : ''}>`
  if (doctype.systemId) return `<!DOCTYPE ${doctype.name} SYSTEM ${quote(doctype.systemId)}>`
  return `<!DOCTYPE ${doctype.name}>`
}

/**
 * The app's HTML with the policy `<meta>` first, so it applies before any of
 * the app's markup. Nothing of the app's text goes before the meta: where
 * its doctype is, and whether it counts, is read from the HTML parser
 * itself (DOMParser: no scripts run, nothing loads), never guessed by a
 * pattern. Comments end in more ways than `-->` (`<!-->`, `<!--->`,
 * `--!>`), and a guess that took `<!--><script>…</script>--><!doctype html>`
 * for one comment put the app's script before the policy. The mode the app
 * would have rendered in is kept: a doctype that puts it in standards (or
 * limited-quirks) mode is written again before the meta, the app's own then
 * comes after content and is ignored; a document in quirks mode gets none.
 */
export function withCspMeta(html: string, policy: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policy)}">`
  const parsed = new DOMParser().parseFromString(html, 'text/html')
  const doctype = parsed.compatMode === 'CSS1Compat' && parsed.doctype ? doctypeText(parsed.doctype) : ''
  return doctype + meta + html
}

/** Adds a CSP `<meta>` to a document; policies only ever tighten, so this cannot loosen anything. */
function adoptPolicy(document: Document, policy: string): void {
  const meta = document.createElement('meta')
  meta.httpEquiv = 'Content-Security-Policy'
  meta.content = policy
  document.head.appendChild(meta)
}

/**
 * Runs the proxy in `window`: the sandbox page's own window, whose URL
 * carries `?host=`. Tests pass a frame's window and the URL it stands for.
 */
export function startSandboxProxy(window: Window, href: string = window.location.href): void {
  const document = window.document
  if (window.parent === window) {
    document.body.textContent = 'This is the MCP Apps sandbox page: a host page frames it; it does nothing on its own.'
    return
  }
  const host = hostOrigin(href, window.location.ancestorOrigins)
  if (!host) {
    console.error('[mcp-elicit sandbox] ?host= must name the origin of the page that frames this one; not starting.')
    return
  }
  let inner: HTMLIFrameElement | undefined
  /** Where host messages go and where the app's come from: this origin, or an opaque one when the host dropped allow-same-origin. */
  let innerOrigin = window.location.origin

  const load = (params: Record<string, unknown>): HTMLIFrameElement | undefined => {
    if (typeof params.html !== 'string') return undefined
    // Both builders take untrusted shapes: csp.ts sanitises every list and reads only the known keys.
    const policy = buildAppCsp(isObject(params.csp) ? (params.csp as McpUiResourceCsp) : undefined)
    // This page first: the frame about to be made is the app's, and it can reach this document from its first script.
    adoptPolicy(document, policy)
    const sandbox = innerSandbox(params.sandbox)
    const frame = document.createElement('iframe')
    frame.setAttribute('sandbox', sandbox)
    const permissions = isObject(params.permissions) ? (params.permissions as McpUiResourcePermissions) : undefined
    const allow = buildAllowAttribute(permissions, permissions)
    if (allow) frame.setAttribute('allow', allow)
    frame.title = 'MCP App'
    document.body.appendChild(frame)
    const html = withCspMeta(params.html, policy)
    const contentDocument = sandbox.split(' ').includes('allow-same-origin') ? frame.contentDocument : null
    if (contentDocument) {
      // document.write keeps the frame on this origin (srcdoc would make it opaque, which breaks storage and WebGL in apps).
      contentDocument.open()
      contentDocument.write(html)
      contentDocument.close()
    } else {
      innerOrigin = 'null'
      frame.srcdoc = html
    }
    return frame
  }

  window.addEventListener('message', (event: MessageEvent) => {
    if (event.source === window.parent) {
      if (event.origin !== host) return
      const data: unknown = event.data
      if (isSandboxMessage(data)) {
        const { method, params } = data as { method: string; params?: unknown }
        // Only once: a second resource would replace a running app under the host's feet.
        if (!inner && method === SANDBOX_RESOURCE_READY && isObject(params)) inner = load(params)
        return
      }
      inner?.contentWindow?.postMessage(data, innerOrigin === 'null' ? '*' : innerOrigin)
      return
    }
    if (!inner || event.source !== inner.contentWindow || event.origin !== innerOrigin) return
    if (isSandboxMessage(event.data)) return
    window.parent.postMessage(event.data, host)
  })
  window.parent.postMessage({ jsonrpc: '2.0', method: SANDBOX_PROXY_READY, params: {} }, host)
}
