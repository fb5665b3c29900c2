/**
 * `<McpAssistantTools />`: the server's tools in the assistant-ui thread,
 * as one element. Lists the tools through the client of the `McpProvider`
 * above (and again when the server says they changed), or takes `tools`
 * when the listing is known already (a protected server before sign-in:
 * listing needs a token too). Renders nothing.
 */
import { useEffect } from 'react'
import type { Tool } from '../core/index.js'
import { useMcpList } from '../react/index.js'
import type { McpAssistantToolOptions } from './settings.js'
import type { McpToolMapping } from './toolkit.js'
import { useMcpAssistantTools } from './useMcpAssistantTools.js'

export interface McpAssistantToolsProps extends McpAssistantToolOptions {
  /** The tools to offer instead of the server's listing. Keep the array stable (module scope, `useMemo`): a new one registers the tools again. */
  tools?: readonly Tool[] | undefined
  /** Told what was registered, renamed (names the framework refuses) and skipped, each time that changes. */
  onTools?: ((mapping: McpToolMapping) => void) | undefined
}

export function McpAssistantTools({ tools, ...props }: McpAssistantToolsProps) {
  return tools ? <Registered listing={tools} {...props} /> : <Listed {...props} />
}

function Listed(props: Omit<McpAssistantToolsProps, 'tools'>) {
  const { items } = useMcpList('tools')
  return <Registered listing={items} {...props} />
}

function Registered({ listing, onTools, ...options }: Omit<McpAssistantToolsProps, 'tools'> & { listing: readonly unknown[] }) {
  const mapping = useMcpAssistantTools(listing, options)
  useEffect(() => {
    onTools?.(mapping)
  }, [mapping])
  return null
}
