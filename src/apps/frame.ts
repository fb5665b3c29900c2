/**
 * The outer frame of an MCP App: the sandbox proxy page on another origin,
 * and the one gate every message from it passes.
 *
 * Why another origin: the frame gets `allow-same-origin` (the spec requires
 * it of the sandbox, and apps need storage), which on the page's own origin
 * would hand the app the page's cookies, storage and DOM. Spec: ext-apps
 * apps.mdx, "Sandbox proxy": "The Host and the Sandbox MUST have different
 * origins."
 */
import { McpAppError } from './errors.js'

/** The sandbox page to load and the origin its messages must come from. */
export interface SandboxTarget {
  /** The sandbox URL with `?host=<page origin>`, which the proxy only talks to. */
  url: URL
  origin: string
}

/** The outer frame's sandbox: what the spec requires (scripts, same origin) and forms; no popups, no top navigation. */
export const OUTER_SANDBOX = 'allow-scripts allow-same-origin allow-forms'

/**
 * Where the sandbox page is, checked: an http(s) URL (relative ones resolve
 * against the page) on an origin that is not the page's.
 * @throws McpAppError `APP_SANDBOX_INVALID`, `APP_SANDBOX_SAME_ORIGIN`
 */
export function sandboxTarget(sandbox: string | URL, page: { href: string; origin: string }): SandboxTarget {
  let url: URL
  try {
    url = new URL(String(sandbox), page.href)
  } catch {
    throw new McpAppError('APP_SANDBOX_INVALID', `The sandbox URL ${JSON.stringify(String(sandbox))} does not parse.`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new McpAppError('APP_SANDBOX_INVALID', `The sandbox page must be served over http(s), not ${url.protocol}`)
  // An opaque page origin cannot be named as a postMessage target, so the proxy could never answer.
  if (page.origin === 'null') throw new McpAppError('APP_SANDBOX_INVALID', 'This page has an opaque origin (file: or a sandboxed frame); MCP Apps need an http(s) page.')
  if (url.origin === page.origin) {
    throw new McpAppError(
      'APP_SANDBOX_SAME_ORIGIN',
      `The sandbox page ${url.origin} is on this page's origin; serve mcp-elicit/apps/sandbox.html from another origin (another host name or port).`,
    )
  }
  url.searchParams.set('host', page.origin)
  return { url, origin: url.origin }
}

/** An outer frame, not loaded yet (its `allow` must be set before `src`, which {@link loadAppFrame} does). */
export function createAppFrame(document: Document, title: string): HTMLIFrameElement {
  const frame = document.createElement('iframe')
  frame.setAttribute('sandbox', OUTER_SANDBOX)
  // The proxy learns the page's origin from ?host=, not from the referrer, so the page's path and query stay private.
  frame.setAttribute('referrerpolicy', 'no-referrer')
  frame.title = title
  frame.className = 'mcp-elicit-app-frame'
  frame.style.border = '0'
  frame.style.display = 'block'
  frame.style.width = '100%'
  return frame
}

/** Points the frame at the sandbox page, with the Permissions Policy features granted (read when it navigates). */
export function loadAppFrame(frame: HTMLIFrameElement, target: SandboxTarget, allow: string): void {
  if (allow) frame.setAttribute('allow', allow)
  frame.src = target.url.href
}

/**
 * Calls `onMessage` with the data of each message from the frame: the
 * sender must be the frame's window AND the sandbox origin. Other traffic of
 * the page (other frames, extensions, a navigated-away frame) is ignored.
 * Returns the removal of the listener.
 */
export function listenToFrame(window: Window, frame: HTMLIFrameElement, origin: string, onMessage: (data: unknown) => void): () => void {
  const listener = (event: MessageEvent) => {
    if (event.source === null || event.source !== frame.contentWindow || event.origin !== origin) return
    onMessage(event.data)
  }
  window.addEventListener('message', listener)
  return () => window.removeEventListener('message', listener)
}

/**
 * Calls `onSecond` once when the frame loads a second document after the
 * sandbox page: the app (same origin as its proxy) navigated the proxy, to a
 * page of its own or anywhere a page without `frame-src` lets it, where no
 * CSP of ours holds. The frame's initial `about:blank` (whose load event some
 * browsers fire after `src` is set) is not counted: it is the only document
 * of the frame whose location this page can read. Returns the removal.
 */
export function watchFrameDocuments(frame: HTMLIFrameElement, onSecond: () => void): () => void {
  let documents = 0
  const listener = () => {
    try {
      if (frame.contentWindow?.location.href === 'about:blank') return
    } catch {
      // Another origin's document: the sandbox page, or what replaced it.
    }
    documents += 1
    if (documents === 2) onSecond()
  }
  frame.addEventListener('load', listener)
  return () => frame.removeEventListener('load', listener)
}

