/**
 * Reading `_meta.ui` from tools and questions: which `ui://` resource renders
 * them and who may see a tool. Every input is untrusted server JSON: a
 * wrong type, a missing key or a huge string gives the default (or
 * `undefined`), never an exception.
 *
 * Spec: ext-apps `specification/2026-01-26/apps.mdx`, "Resource Discovery"
 * and "Visibility"; SEP-3118 (draft) for questions.
 */
import { isObject } from './json-object.js'
import type { McpUiVisibility } from './types.js'

export type { McpUiVisibility } from './types.js'

/**
 * The longest resource URI taken. Real ones are short (`ui://weather/view.html`);
 * the cap keeps a hostile listing from making the host carry and send
 * megabyte-long identifiers.
 */
const MAX_URI_LENGTH = 2048

const BOTH: readonly McpUiVisibility[] = ['model', 'app']

/**
 * The value when it is a `ui://` URI the host may read: the scheme in any
 * case (URI schemes are case-insensitive, RFC 3986 §3.1), something after
 * it, no whitespace or control characters (which no URI contains), at most
 * {@link MAX_URI_LENGTH} characters. Returned as given: the server names
 * its resources by the exact string.
 */
function uiUri(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length <= 'ui://'.length || value.length > MAX_URI_LENGTH) return undefined
  if (value.slice(0, 5).toLowerCase() !== 'ui://') return undefined
  if (/[\s\u0000-\u001f\u007f]/.test(value)) return undefined
  return value
}

/** `_meta.ui` of a tool or question, when it is an object. */
function uiMeta(holder: unknown): Record<string, unknown> | undefined {
  if (!isObject(holder) || !isObject(holder._meta)) return undefined
  const ui = holder._meta.ui
  return isObject(ui) ? ui : undefined
}

/**
 * The `ui://` resource that renders a tool's calls: `_meta.ui.resourceUri`,
 * else the deprecated flat `_meta["ui/resourceUri"]`. When `ui.resourceUri`
 * is present it alone decides (an invalid value is not rescued by the flat
 * key), so two keys can never disagree silently. `undefined` when the tool
 * has no app, or names something that is not a `ui://` URI
 * (`javascript:…`, `https://…`).
 * @example `appResourceUri({ name: 't', _meta: { ui: { resourceUri: 'ui://weather/view.html' } } }) // 'ui://weather/view.html'`
 */
export function appResourceUri(tool: unknown): string | undefined {
  const ui = uiMeta(tool)
  if (ui !== undefined && ui.resourceUri !== undefined) return uiUri(ui.resourceUri)
  if (!isObject(tool) || !isObject(tool._meta)) return undefined
  return uiUri(tool._meta['ui/resourceUri'])
}

/**
 * Who may see a tool: `_meta.ui.visibility` with unknown entries dropped and
 * duplicates removed. Missing, not an array, or with no known entry: the
 * spec's default `['model', 'app']` (a malformed list is treated as absent,
 * not as "nobody").
 */
export function toolVisibility(tool: unknown): McpUiVisibility[] {
  const list = uiMeta(tool)?.visibility
  if (!Array.isArray(list)) return [...BOTH]
  // Two lookups by known value, nothing copied: a hostile list may be huge.
  const known = BOTH.filter((entry) => list.includes(entry))
  return known.length > 0 ? known : [...BOTH]
}

/** Whether the model may see and call the tool (its visibility includes `"model"`). */
export function isModelVisible(tool: unknown): boolean {
  return toolVisibility(tool).includes('model')
}

/**
 * Whether the tool's app (and other apps of the same server) may call it
 * (its visibility includes `"app"`). A host MUST refuse an app's
 * `tools/call` for a tool without it.
 */
export function isAppVisible(tool: unknown): boolean {
  return toolVisibility(tool).includes('app')
}

/**
 * The tools a model may be offered: every tool but the app-only ones
 * (`visibility: ["app"]`). The spec forbids putting those in the agent's tool
 * list. Order kept; not an array gives `[]`.
 * @example `const forTheModel = modelTools(await client.listTools())`
 */
export function modelTools<T>(tools: readonly T[]): T[] {
  if (!Array.isArray(tools)) return []
  return tools.filter((tool) => isModelVisible(tool))
}

/**
 * SEP-3118 (draft): the `ui://` resource a server would like a form question
 * rendered with, from the `elicitation/create` params
 * (`params._meta.ui.resourceUri`). Only for a form question: `mode` absent or
 * `"form"` (never `"url"`, nor a mode this host does not know) with a
 * `requestedSchema` object, because the host validates the app's answer
 * against that schema and falls back to its own form with it.
 * @example
 * ```ts
 * const uri = elicitationAppUri(request.params)
 * if (uri) … render the app … else … the native form …
 * ```
 */
export function elicitationAppUri(params: unknown): string | undefined {
  if (!isObject(params)) return undefined
  if (params.mode !== undefined && params.mode !== 'form') return undefined
  if (!isObject(params.requestedSchema)) return undefined
  return uiUri(uiMeta(params)?.resourceUri)
}
