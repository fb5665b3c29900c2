/**
 * `<McpAssistantServerTools servers={set} />`: the tools of a set of servers
 * (`createServerSet`) in the assistant-ui thread, as one element; see
 * {@link useMcpAssistantServerTools}. Renders nothing.
 */
import { useEffect } from 'react'
import type { McpServerSet } from '../core/index.js'
import type { ServerToolMapping } from './server-toolkit.js'
import type { McpAssistantToolOptions } from './settings.js'
import { useMcpAssistantServerTools } from './useMcpAssistantServerTools.js'

export interface McpAssistantServerToolsProps extends McpAssistantToolOptions {
  /** The page's set of servers (`createServerSet(entries)`), created once, outside render. */
  servers: McpServerSet
  /** Told what is offered to the model, routed and left out, each time that changes. */
  onTools?: ((mapping: ServerToolMapping) => void) | undefined
}

export function McpAssistantServerTools({ servers, onTools, ...options }: McpAssistantServerToolsProps) {
  const mapping = useMcpAssistantServerTools(servers, options)
  useEffect(() => {
    onTools?.(mapping)
  }, [mapping])
  return null
}
