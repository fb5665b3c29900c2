/**
 * Advertising MCP Apps to servers. Servers only attach `_meta.ui` to tools
 * (and, with SEP-3118, to form questions) for clients that declare the
 * extension, so this is the first step of every host.
 *
 * The core already carries `capabilities.extensions` in both eras: in the
 * 2025-11-25 `initialize` request and in the 2026-07-28 per-request
 * `_meta["io.modelcontextprotocol/clientCapabilities"]`. Nothing here is
 * era-specific.
 */
import type { ClientCapabilities, JsonObject } from '../core/index.js'
import { MCP_APP_MIME_TYPE, MCP_APPS_EXTENSION } from './constants.js'
import { isObject } from './json-object.js'

/** Options of {@link withMcpApps}. */
export interface WithMcpAppsOptions {
  /**
   * Also declare app-rendered questions (SEP-3118, draft): adds
   * `elicitation: {}` inside the extension's settings and makes sure
   * `elicitation.form` is declared, because an app-rendered question is an
   * ordinary form question that a host can always answer with its native form.
   * @defaultValue false
   */
  elicitation?: boolean
}

/**
 * The client capabilities with the MCP Apps extension declared. Pure: the
 * input is copied, never changed; what else it declares (other extensions,
 * other MIME types, `elicitation.url`, …) is kept.
 * @example
 * ```ts
 * const client = createClient(url, { capabilities: withMcpApps({ elicitation: { form: {} } }) })
 * // capabilities.extensions['io.modelcontextprotocol/ui'] = { mimeTypes: ['text/html;profile=mcp-app'] }
 * ```
 */
export function withMcpApps(capabilities: ClientCapabilities = {}, options: WithMcpAppsOptions = {}): ClientCapabilities {
  const extensions = isObject(capabilities.extensions) ? capabilities.extensions : {}
  const current = isObject(extensions[MCP_APPS_EXTENSION]) ? extensions[MCP_APPS_EXTENSION] : {}
  const declared = Array.isArray(current.mimeTypes) ? current.mimeTypes.filter((type): type is string => typeof type === 'string') : []
  const settings: JsonObject = {
    ...current,
    mimeTypes: declared.includes(MCP_APP_MIME_TYPE) ? declared : [...declared, MCP_APP_MIME_TYPE],
  }
  if (options.elicitation) settings.elicitation = isObject(current.elicitation) ? current.elicitation : {}
  const result: ClientCapabilities = { ...capabilities, extensions: { ...extensions, [MCP_APPS_EXTENSION]: settings } }
  if (options.elicitation) {
    const elicitation = isObject(capabilities.elicitation) ? capabilities.elicitation : {}
    result.elicitation = { ...elicitation, form: isObject(elicitation.form) ? elicitation.form : {} }
  }
  return result
}
