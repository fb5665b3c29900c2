/**
 * What the engine scenarios ask of a browser, written once: a tab (or a frame
 * in it) where elements are found as a person finds them, by role and
 * accessible name or by a stable attribute, and acted on with the engine's
 * own input (so a click is the person's gesture and may open a window).
 *
 * Two clients implement it (driver-puppeteer.ts for Chromium over CDP and
 * Firefox over WebDriver BiDi, driver-webdriver.ts for WebKitGTK over W3C
 * WebDriver); the finding runs in the page, the same code in every engine
 * ({@link locate}). Every wait is bounded ({@link until}); nothing sleeps for
 * a fixed time.
 */

export type Role = 'button' | 'combobox' | 'textbox' | 'spinbutton' | 'checkbox' | 'radio' | 'link' | 'progressbar' | 'status' | 'group' | 'img'

/** A RegExp as it crosses into the page. */
export interface Pattern {
  source: string
  flags: string
}

/** Where an element is: by role and name, or by CSS, inside another one, the nth of its matches. */
export interface Query {
  role?: Role
  /** The accessible name (whitespace folded): contains a string, case aside, as Playwright's getByRole; or matches a pattern. */
  name?: string | Pattern
  css?: string
  /** Its text (whitespace folded) contains a string, case aside, or matches a pattern. */
  text?: string | Pattern
  within?: Query
  /** Which of the matches, from 0; negative counts from the last. @defaultValue 0 */
  nth?: number
}

/** A query as the scenarios write it: a RegExp where a pattern goes. */
export type Q = Omit<Query, 'name' | 'text' | 'within'> & { name?: string | RegExp; text?: string | RegExp; within?: Q }

export function toQuery(q: Q): Query {
  const pattern = (value: string | RegExp | undefined) => (value instanceof RegExp ? { source: value.source, flags: value.flags } : value)
  return { ...q, name: pattern(q.name), text: pattern(q.text), within: q.within && toQuery(q.within) }
}

/** Shorthands for the queries the scenarios use most. */
export const role = (r: Role, name?: string | RegExp, within?: Q): Q => ({ role: r, ...(name !== undefined && { name }), ...(within && { within }) })
export const css = (selector: string, within?: Q, nth?: number): Q => ({ css: selector, ...(within && { within }), ...(nth !== undefined && { nth }) })

/** A document (a tab's, or a frame's in it). */
export interface Scope {
  /** Clicks it with the engine's input (a trusted gesture), once it is visible and enabled. */
  click(q: Q): Promise<void>
  /** Empties a text field and types `text` with the engine's keyboard. */
  fill(q: Q, text: string): Promise<void>
  /** Picks the option of a `<select>` whose value or label is `label`. */
  select(q: Q, label: string): Promise<void>
  /** Gives a file input a file from disk. */
  upload(q: Q, path: string): Promise<void>
  /** Its text (innerText, trimmed), or null while it is not there. */
  text(q: Q): Promise<string | null>
  attribute(q: Q, name: string): Promise<string | null>
  /** A form control's value. */
  value(q: Q): Promise<string | null>
  count(q: Q): Promise<number>
  visible(q: Q): Promise<boolean>
  /** Found, rendered and enabled (what a click waits for). */
  ready(q: Q): Promise<boolean>
  /** The document inside a frame element of this one. */
  frame(q: Q): Scope
  /** Runs a function in this document (it must stand alone: it is sent as source). */
  run<T>(fn: (...args: any[]) => T, ...args: unknown[]): Promise<Awaited<T>>
}

/** A top-level window. */
export interface Tab extends Scope {
  goto(url: string): Promise<void>
  reload(): Promise<void>
  url(): Promise<string>
  /** Runs `action` (a click), and returns the window it opened. */
  popup(action: () => Promise<void>): Promise<Tab>
  /** The window is gone (closed by itself or by us). */
  closed(): Promise<boolean>
  close(): Promise<void>
  /**
   * What went wrong in this tab's page so far: uncaught errors and console
   * errors, and `securitypolicyviolation` events from the first touch of each
   * top document on ({@link watchAndDrain}; the page server's CSP reports
   * cover a document's load).
   */
  problems(): Promise<string[]>
}

/** One engine, launched once per run; each tab has storage of its own. */
export interface Engine {
  name: EngineName
  /** The browser's own version string. */
  version: string
  newTab(): Promise<Tab>
  close(): Promise<void>
}

export type EngineName = 'chromium' | 'firefox' | 'webkit'

/** Waits until `check` returns something other than undefined/false, at most `timeoutMs`; fails with `what`. */
export async function until<T>(check: () => Promise<T | undefined | false>, what: string | (() => string | Promise<string>), timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let lastError: unknown
  for (let delay = 25; ; delay = Math.min(delay * 2, 250)) {
    try {
      const value = await check()
      if (value !== undefined && value !== false) return value
    } catch (error) {
      lastError = error
    }
    if (Date.now() > deadline) {
      const description = typeof what === 'string' ? what : await what()
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${description}${lastError ? ` (last error: ${String(lastError)})` : ''}`)
    }
    await new Promise((resolve) => setTimeout(resolve, delay))
  }
}

/**
 * Finds an element in the page it runs in: the in-page half of every
 * driver. Runs in the browser, so it stands alone (no imports, no closures).
 * Role queries see only rendered elements, as a person does.
 */
export function locate(query: Query): Element | null {
  const ROLES: Record<string, string> = {
    button: 'button, [role="button"], input[type="button"], input[type="submit"]',
    combobox: 'select:not([multiple]), [role="combobox"]',
    textbox: 'input:not([type]), input[type="text"], input[type="email"], input[type="url"], input[type="tel"], input[type="search"], input[type="password"], textarea, [role="textbox"]',
    spinbutton: 'input[type="number"], [role="spinbutton"]',
    checkbox: 'input[type="checkbox"], [role="checkbox"]',
    radio: 'input[type="radio"], [role="radio"]',
    link: 'a[href], [role="link"]',
    progressbar: 'progress, [role="progressbar"]',
    status: '[role="status"], output',
    group: 'fieldset, [role="group"]',
    img: 'img[alt], [role="img"]',
  }
  const fold = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim()
  // As Playwright's getByRole: a string is found in the text, case aside; a pattern is tested.
  const matches = (text: string, expected: string | Pattern | undefined) =>
    expected === undefined || (typeof expected === 'string' ? text.toLowerCase().includes(expected.toLowerCase()) : new RegExp(expected.source, expected.flags).test(text))
  // A label's own words: the control it wraps (a select and its options) is not part of its name.
  const labelText = (node: Node): string =>
    [...node.childNodes].map((child) => (child.nodeType === Node.TEXT_NODE ? child.textContent : child instanceof Element && child.matches('select, input, textarea, button, progress') ? '' : labelText(child))).join('')
  const rendered = (element: Element) => {
    if (element instanceof HTMLInputElement && element.type === 'file') return true
    const style = getComputedStyle(element)
    return element.getClientRects().length > 0 && style.visibility !== 'hidden'
  }
  const nameOf = (element: Element): string => {
    const labelledBy = element.getAttribute('aria-labelledby')
    if (labelledBy) return fold(labelledBy.split(/\s+/).map((id) => element.ownerDocument.getElementById(id)?.textContent ?? '').join(' '))
    const label = element.getAttribute('aria-label')
    if (label) return fold(label)
    const labels = (element as HTMLInputElement).labels
    if (labels && labels.length > 0) return fold([...labels].map(labelText).join(' '))
    if (element instanceof HTMLImageElement) return fold(element.alt)
    if (element instanceof HTMLInputElement && (element.type === 'button' || element.type === 'submit')) return fold(element.value)
    const own = fold((element as HTMLElement).innerText ?? element.textContent)
    return own || fold(element.getAttribute('title'))
  }
  const all = (q: Query, root: ParentNode): Element[] => {
    let found = [...root.querySelectorAll(q.css ?? (q.role ? ROLES[q.role]! : '*'))]
    if (q.css && q.role) found = found.filter((element) => element.matches(ROLES[q.role!]!))
    if (q.role) found = found.filter(rendered)
    if (q.name !== undefined) found = found.filter((element) => matches(nameOf(element), q.name))
    if (q.text !== undefined) found = found.filter((element) => matches(fold((element as HTMLElement).innerText ?? element.textContent), q.text))
    return found
  }
  const one = (q: Query): Element | null => {
    const root = q.within ? one(q.within) : document
    if (!root) return null
    const found = all(q, root)
    const index = q.nth ?? 0
    return found[index < 0 ? found.length + index : index] ?? null
  }
  return one(query)
}

/** How a query reads in a failure message. */
export function describe(q: Q): string {
  const own = [q.role && `role=${q.role}`, q.name !== undefined && `name=${String(q.name)}`, q.css && `css=${q.css}`, q.text !== undefined && `text=${String(q.text)}`, q.nth !== undefined && `nth=${q.nth}`]
  return `${own.filter(Boolean).join(' ')}${q.within ? ` within (${describe(q.within)})` : ''}`
}

/**
 * Puts a listener for `securitypolicyviolation` (and, with `errors`, for
 * uncaught errors and `console.error`, where the client has no console of its
 * own) into a document that has none; returns what it recorded since the last
 * call. Runs in the page. Put in on first touch, not as a preload script:
 * puppeteer's preload wrapper throws into Firefox's cross-origin frames
 * ("Permission denied to access property "__bidi_args""); what a document
 * does before the first touch reaches the page server as a CSP report.
 */
export function watchAndDrain(errors: boolean): string[] {
  const w = window as unknown as { __engineProblems?: string[] }
  if (!w.__engineProblems) {
    const problems: string[] = (w.__engineProblems = [])
    document.addEventListener('securitypolicyviolation', (event) => problems.push(`securitypolicyviolation: ${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} in ${event.documentURI}`))
    if (errors) {
      addEventListener('error', (event) => problems.push(`pageerror: ${event.message}`))
      addEventListener('unhandledrejection', (event) => problems.push(`pageerror: ${String(event.reason)}`))
      const original = console.error
      console.error = function (...args: unknown[]) {
        problems.push(`console: ${args.map(String).join(' ')}`)
        return original.apply(this, args)
      }
    }
  }
  return w.__engineProblems.splice(0)
}

/**
 * The source of a function that runs in the page with {@link locate} at
 * hand: `(...args) => body(locate, ...args)`. Drivers send it as text, the
 * one form every client accepts.
 */
export function withLocate(body: (find: typeof locate, ...args: any[]) => unknown): string {
  return `(...args) => (${body.toString()})(${locate.toString()}, ...args)`
}

/** The in-page actions the drivers share: each takes the query first. */
export const inPage = {
  element: withLocate((find, q: Query) => find(q)),
  /** What a check needs: found, rendered, enabled. */
  state: withLocate((find, q: Query) => {
    const element = find(q) as HTMLElement | null
    if (!element) return 'missing'
    if (element.getClientRects().length === 0 && !(element instanceof HTMLInputElement && element.type === 'file')) return 'hidden'
    if ((element as HTMLButtonElement).disabled || element.getAttribute('aria-disabled') === 'true') return 'disabled'
    element.scrollIntoView({ block: 'center', inline: 'nearest' })
    return 'ready'
  }),
  text: withLocate((find, q: Query) => {
    const element = find(q) as HTMLElement | null
    return element ? (element.innerText ?? element.textContent ?? '').trim() : null
  }),
  attribute: withLocate((find, q: Query, name: string) => find(q)?.getAttribute(name) ?? null),
  value: withLocate((find, q: Query) => {
    const element = find(q) as HTMLInputElement | null
    return element ? element.value : null
  }),
  count: withLocate((find, q: Query) => {
    // The nth-free count of matches: the last index that exists, plus one.
    let n = 0
    while (find({ ...q, nth: n })) n++
    return n
  }),
  visible: withLocate((find, q: Query) => {
    const element = find(q)
    return element !== null && element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden'
  }),
  /** Where it is in this document's viewport: its box, and the width of its border (for a frame: where its document starts). */
  box: withLocate((find, q: Query) => {
    const element = find(q) as HTMLElement | null
    if (!element) return null
    const rect = element.getBoundingClientRect()
    return { x: rect.left, y: rect.top, width: rect.width, height: rect.height, borderLeft: element.clientLeft, borderTop: element.clientTop }
  }),
  /** The index among this window's frames of the window a frame element holds, or -1. */
  frameIndex: withLocate((find, q: Query) => {
    const element = find(q) as HTMLIFrameElement | null
    return element?.contentWindow ? [...Array(window.frames.length).keys()].findIndex((i) => window.frames[i] === element.contentWindow) : -1
  }),
  /** Empties a controlled text field as typing would (React reads the input event), and focuses it for the keyboard. */
  clear: withLocate((find, q: Query) => {
    const element = find(q) as HTMLInputElement | HTMLTextAreaElement | null
    if (!element) return false
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')!.set!
    setter.call(element, '')
    element.dispatchEvent(new Event('input', { bubbles: true }))
    element.focus()
    return true
  }),
  /** Sets a text field's value as typing ends up (the value, then input and change), for where the keyboard cannot reach. */
  setText: withLocate((find, q: Query, text: string) => {
    const element = find(q) as HTMLInputElement | HTMLTextAreaElement | null
    if (!element) return false
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')!.set!
    setter.call(element, text)
    element.dispatchEvent(new Event('input', { bubbles: true }))
    element.dispatchEvent(new Event('change', { bubbles: true }))
    return true
  }),
  /** Picks an option by label as a person's choice does: the value, then input and change. */
  select: withLocate((find, q: Query, label: string) => {
    const element = find(q) as HTMLSelectElement | null
    const option = element && [...element.options].find((o) => o.value === label || o.label.trim() === label || o.text.trim() === label)
    if (!element || !option) return false
    const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!
    setter.call(element, option.value)
    element.dispatchEvent(new Event('input', { bubbles: true }))
    element.dispatchEvent(new Event('change', { bubbles: true }))
    return true
  }),
}
