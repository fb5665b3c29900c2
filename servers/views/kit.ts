/**
 * What the views share (browser code, bundled into each view's HTML by
 * `servers/app-views.ts`): following the host's theme and style variables
 * with ext-apps' own helpers, building DOM without innerHTML (server and
 * tool data are shown as text, never parsed), and the status lines a
 * Playwright test reads from inside the frame.
 */
import { applyDocumentTheme, applyHostFonts, applyHostStyleVariables } from '@modelcontextprotocol/ext-apps'
import type { App, McpUiHostContext } from '@modelcontextprotocol/ext-apps'
import type { CallToolResult } from '@modelcontextprotocol/client'

/** Applies what the host says about its look: theme (data-theme + color-scheme), the standard CSS variables, fonts. */
export function applyHostContext(context: McpUiHostContext | undefined): void {
  if (!context) return
  if (context.theme === 'light' || context.theme === 'dark') applyDocumentTheme(context.theme)
  if (context.styles?.variables) applyHostStyleVariables(context.styles.variables)
  if (context.styles?.css?.fonts) applyHostFonts(context.styles.css.fonts)
}

/**
 * Follows the host's context from the handshake on: call before
 * `app.connect()` (changes arrive as notifications), and `now()` once it
 * resolved (the first context comes in the `ui/initialize` answer).
 */
export function followHost(app: App): { now(): void } {
  app.onhostcontextchanged = (change) => applyHostContext(change)
  return { now: () => applyHostContext(app.getHostContext()) }
}

type Child = Node | string | false | undefined
type Props = { [name: string]: string | number | boolean | undefined | ((event: Event) => void) }

/** An element with attributes (`on*` props become listeners) and text or node children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  setProps(element, props)
  for (const child of children) if (child !== false && child !== undefined) element.append(child)
  return element
}

/** An SVG element (the seat map), same rules as {@link h}. */
export function svg(tag: string, props: Props = {}, ...children: Child[]): SVGElement {
  const element = document.createElementNS('http://www.w3.org/2000/svg', tag)
  setProps(element, props)
  for (const child of children) if (child !== false && child !== undefined) element.append(child)
  return element
}

function setProps(element: Element, props: Props): void {
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === false) continue
    if (typeof value === 'function') element.addEventListener(name.slice(2).toLowerCase(), value)
    else element.setAttribute(name, value === true ? '' : String(value))
  }
}

/** Sets the text of `#id` (created at the end of `<main>` the first time): the lines tests wait for. */
export function setLine(id: string, text: string, state?: string): HTMLElement {
  let line = document.getElementById(id)
  if (!line) {
    line = h('p', { id, class: 'line' })
    document.querySelector('main')?.append(line)
  }
  line.textContent = text
  if (state !== undefined) line.dataset.state = state
  return line
}

/** The message of anything thrown, for a status line. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`
  if (typeof error === 'object' && error !== null && 'message' in error) return String((error as { message: unknown }).message)
  return String(error)
}

/** Rejects after `ms` (a view never waits forever on its host). */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error instanceof Error ? error : new Error(String(error)))
      },
    )
  })
}

/** A tool result as one line of text (other blocks named by type). */
export function textOf(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join(' ')
}

/** Connects to the host, then marks `body[data-connected]` (what a test waits for) or reports why not. */
export function connect(app: App, onConnected: () => void, onFailed: (message: string) => void): void {
  app.connect().then(
    () => {
      onConnected()
      document.body.dataset.connected = 'true'
    },
    (error: unknown) => onFailed(`Could not connect to the host: ${describeError(error)}`),
  )
}

/** The report a hostile view writes of its attempts: `li[data-probe=…]` with `data-outcome`, one per probe, updated in place. */
export function reportList(list: HTMLElement): (probe: string, outcome: string, detail: string) => void {
  return (probe, outcome, detail) => {
    const item = list.querySelector<HTMLLIElement>(`li[data-probe="${probe}"]`) ?? list.appendChild(h('li', { 'data-probe': probe }))
    item.dataset.outcome = outcome
    item.textContent = `${probe}: ${outcome} — ${detail}`
  }
}
