/**
 * What the three elements share: a React root of their own inside the
 * element, rendered again (once per task, however many properties changed)
 * when a property or an observed attribute changes, and unmounted when the
 * element leaves the page.
 *
 * - Properties set before the element was defined (a framework that set
 *   `client` on an unknown tag) are taken over when it upgrades.
 * - Leaving the page is told from moving within it: a list that reorders its
 *   items disconnects and connects an element in one task, so the root is
 *   unmounted only if the element is still out of the page in the next
 *   microtask. Unmounting stops a running call (the server is told, as when
 *   `McpToolCall` unmounts).
 * - `shadow` (an attribute, read once, at the first connection): the cards
 *   render in a shadow root of the element's own; otherwise in the element
 *   itself (the light DOM). Either way, a render root inside a shadow tree gets
 *   the forms' stylesheet adopted (shadow-styles.ts) unless `define()` was
 *   told `styles: false`, and an own shadow root mirrors the page's
 *   `data-theme`.
 * - Events are `CustomEvent`s with a typed `detail`, dispatched on the
 *   element itself, neither bubbling nor composed (events.ts says why).
 * - Every root has its own `identifierPrefix`: two elements in one document
 *   never give two fields the same id.
 */
import type { ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import type { McpElementEventMap } from './events.js'
import { adoptFormsStyles, inheritedTheme } from './shadow-styles.js'

/** `HTMLElement` where there is one; a stand-in in Node, so importing the entry during server rendering does not throw. */
const ElementBase: typeof HTMLElement = typeof HTMLElement === 'undefined' ? (class {} as unknown as typeof HTMLElement) : HTMLElement

let roots = 0

/** The element classes' own settings, set by `define()` on each defined subclass. */
export interface ElementSettings {
  /** Adopt the forms' stylesheet into shadow roots. */
  styles: boolean
}

/** Elements with an own shadow root, whose mirrored theme follows `<html data-theme>`. */
const themed = new Set<McpElement>()
let themeObserver: MutationObserver | undefined

export abstract class McpElement extends ElementBase {
  /** The attributes every element reads; subclasses add theirs. */
  static readonly baseAttributes: readonly string[] = ['shadow', 'data-theme']
  /** Set per defined class by `define()`. */
  static settings: ElementSettings = { styles: true }

  #root: Root | undefined
  #container: HTMLElement | undefined
  #scheduled = false
  #stylesAdopted: Promise<void> | undefined

  /** The properties whose values set before the upgrade are taken over (`upgradeProperties`). */
  protected abstract readonly upgradable: readonly string[]

  /** The React tree of the element, rendered into its root. */
  protected abstract renderTree(): ReactNode

  connectedCallback(): void {
    this.#upgradeProperties()
    // The shadow root (with `shadow`) is there as soon as the element is in the page; the cards follow in a microtask.
    this.#container ??= this.#makeContainer()
    this.requestRender()
  }

  disconnectedCallback(): void {
    // A move within the page (a list reordered) connects it again in the same task.
    queueMicrotask(() => {
      if (this.isConnected || !this.#root) return
      this.#root.unmount()
      this.#root = undefined
      themed.delete(this)
    })
  }

  attributeChangedCallback(): void {
    this.requestRender()
  }

  /** Renders again after the current task's other changes (one render for several properties set together). */
  protected requestRender(): void {
    if (this.#scheduled) return
    this.#scheduled = true
    queueMicrotask(() => {
      this.#scheduled = false
      if (this.isConnected) this.#render()
    })
  }

  /** Dispatches `type` on the element: a `CustomEvent` with `detail`, not bubbling, not composed. */
  protected emit<K extends keyof McpElementEventMap>(type: K, detail: McpElementEventMap[K]['detail']): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: false, composed: false }))
  }

  #render(): void {
    if (!this.#root) {
      const container = (this.#container ??= this.#makeContainer())
      const shadow = container !== this
      this.#root = createRoot(container, { identifierPrefix: `mcp-elicit-e${++roots}-` })
      const root = container.getRootNode()
      if ((this.constructor as typeof McpElement).settings.styles && isShadowRoot(root)) {
        this.#stylesAdopted = adoptFormsStyles(root).catch((error: unknown) => {
          // Unstyled is still usable: the cards render all the same.
          console.warn('[mcp-elicit/elements]', error)
        })
      }
      if (shadow) this.#followTheme()
    }
    // The element's own data-theme may have changed (an observed attribute).
    this.#mirrorTheme()
    const root = this.#root
    // The first paint waits for the sheet (a chunk fetched once), so the cards never show unstyled first.
    if (this.#stylesAdopted) void this.#stylesAdopted.then(() => root === this.#root && root.render(this.renderTree()))
    else root.render(this.renderTree())
  }

  #makeContainer(): HTMLElement {
    if (!this.hasAttribute('shadow')) return this
    const shadowRoot = this.attachShadow({ mode: 'open' })
    // A wrapper to carry the mirrored data-theme (the stylesheet's [data-theme] rules look for an ancestor).
    const wrapper = this.ownerDocument.createElement('div')
    wrapper.className = 'mcp-elicit-element'
    shadowRoot.append(wrapper)
    return wrapper
  }

  /** Mirrors the nearest `data-theme` into the own shadow root, now and whenever `<html>`'s changes. */
  #followTheme(): void {
    themed.add(this)
    if (!themeObserver && typeof MutationObserver === 'function') {
      themeObserver = new MutationObserver(() => themed.forEach((element) => element.#mirrorTheme()))
      themeObserver.observe(this.ownerDocument.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
    }
  }

  #mirrorTheme(): void {
    const wrapper = this.#container
    if (!wrapper || wrapper === this) return
    const theme = inheritedTheme(this)
    if (theme) wrapper.setAttribute('data-theme', theme)
    else wrapper.removeAttribute('data-theme')
  }

  /**
   * A property set on the element before it was defined is an own property
   * of the instance, hiding the class's setter: delete it and set it again.
   */
  #upgradeProperties(): void {
    for (const name of this.upgradable) {
      if (!Object.hasOwn(this, name)) continue
      const value = (this as unknown as Record<string, unknown>)[name]
      delete (this as unknown as Record<string, unknown>)[name]
      ;(this as unknown as Record<string, unknown>)[name] = value
    }
  }
}

function isShadowRoot(node: Node): node is ShadowRoot {
  return node.nodeType === 11 && 'host' in node
}
