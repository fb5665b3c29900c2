/**
 * The outer frame of an MCP App, made at mount, before the host is loaded:
 * an empty frame with its sandbox already set, which frame.ts points at the
 * sandbox page (another origin: why, there) once the host has checked it.
 */

/** The outer frame's sandbox: what the spec requires (scripts, same origin) and forms; no popups, no top navigation. */
export const OUTER_SANDBOX = 'allow-scripts allow-same-origin allow-forms'

/** An outer frame, not loaded yet (its `allow` must be set before `src`, which frame.ts's `loadAppFrame` does). */
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

/** The frame of the app of `options`, named for its tool, appended to `element`. */
export function appendAppFrame(element: HTMLElement, options: { title?: string | undefined; tool?: { name: string; title?: string | undefined } | undefined }): HTMLIFrameElement {
  return element.appendChild(createAppFrame(element.ownerDocument, options.title ?? options.tool?.title ?? options.tool?.name ?? 'MCP App'))
}
