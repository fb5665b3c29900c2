/**
 * The forms' look inside shadow roots. A page's stylesheet stops at a shadow
 * root, so an element whose cards render in one (its own, `shadow`, or the
 * shadow root of a host component it sits in) adopts the forms' stylesheet
 * there: a constructed `CSSStyleSheet` in `adoptedStyleSheets`, which a
 * strict CSP (`style-src 'self'`, no `'unsafe-inline'`) allows where a
 * `<style>` element would be refused. One sheet per document, adopted once
 * per root.
 *
 * The sheet is the page's `mcp-elicit/forms/styles.css` with one change, so
 * that the theme's custom properties reach inside: the stylesheet declares
 * its defaults (`--mcp-elicit-bg: #fff` …) on the cards themselves, which
 * would hide any value set outside (custom properties inherit through shadow
 * boundaries, but a declaration on the element wins over inheritance). Here
 * the defaults are declared under other names (`--mcp-elicit-default-bg`) and
 * every use reads the public name first
 * (`var(--mcp-elicit-bg, var(--mcp-elicit-default-bg))`): whatever the page
 * sets on the element or any ancestor wins, and the defaults (light, dark,
 * `data-theme`) fill the rest.
 *
 * The stylesheet's text is a chunk of its own (`forms-css.ts`): a page whose
 * elements all render in its light DOM (with its own `<link>`) never loads it.
 */
import { loadChunk, loadOnce } from '../core/index.js'

/** The public theme variables, each read with its default; their declarations renamed to the defaults. */
export function shadowCss(css: string): string {
  return css
    .replace(/var\(\s*--mcp-elicit-([\w-]+)\s*\)/g, (_, name: string) => `var(--mcp-elicit-${name}, var(--mcp-elicit-default-${name}))`)
    .replace(/(^|[{;\s])--mcp-elicit-([\w-]+)(\s*:)/g, (_, before: string, name: string, colon: string) => `${before}--mcp-elicit-default-${name}${colon}`)
}

const loadCss = loadOnce(() => loadChunk('the forms stylesheet for shadow roots', () => import('./forms-css.js').then((module) => shadowCss(module.formsCss))))

/** The constructed sheet of each document (a window's `CSSStyleSheet` belongs to its document). */
const sheets = new WeakMap<Document, CSSStyleSheet>()

/** Whether the browser takes constructed sheets in `adoptedStyleSheets` (every current engine; not jsdom). */
function canAdopt(root: ShadowRoot): boolean {
  const view = root.ownerDocument.defaultView as (Window & typeof globalThis) | null
  return view !== null && 'adoptedStyleSheets' in root && typeof view.CSSStyleSheet === 'function' && 'replaceSync' in view.CSSStyleSheet.prototype
}

/**
 * Adds the forms' sheet to `root` (once). Resolves when it is there, so the
 * first paint is already styled; rejects when the chunk cannot be fetched
 * (the caller renders all the same, unstyled, and reports it).
 */
export async function adoptFormsStyles(root: ShadowRoot): Promise<void> {
  if (!canAdopt(root)) return
  const css = await loadCss()
  const document = root.ownerDocument
  let sheet = sheets.get(document)
  if (!sheet) {
    const view = document.defaultView as Window & typeof globalThis
    sheet = new view.CSSStyleSheet()
    sheet.replaceSync(css)
    sheets.set(document, sheet)
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
}

/**
 * The `data-theme` (`light` or `dark`) nearest to `element`, looking through
 * shadow boundaries up to `<html>`: the stylesheet's `[data-theme]` rules
 * match ancestors in the same tree only, so an element mirrors it into its
 * own shadow root.
 */
export function inheritedTheme(element: Element): 'light' | 'dark' | undefined {
  for (let node: Element | null = element; node; ) {
    const theme = node.getAttribute('data-theme')
    if (theme === 'light' || theme === 'dark') return theme
    const parent: Element | null = node.parentElement
    if (parent) node = parent
    else {
      const root = node.getRootNode()
      node = root.nodeType === 11 && 'host' in root ? (root as ShadowRoot).host : null
    }
  }
  return undefined
}
