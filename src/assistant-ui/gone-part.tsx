/**
 * The tool UI of a thread's call whose server or tool is no longer there (a
 * stored conversation, a server taken out of the set, a tool the server's
 * fresh listing dropped): says so in plain words to the person, and, when
 * the call still waits for its result, to the model (an error result), so
 * the thread goes on. Nothing is called. While the server's listing is not
 * fresh yet (kept from before a reload, on its way), it says it waits for it
 * and tells the model nothing: the tool may still be there.
 */
import { useEffect, useSyncExternalStore, type ComponentType } from 'react'
import { serverIdOfToolName, type McpResult, type McpServerSet } from '../core/index.js'
import { partTitle, ToolPart } from '../chat/ToolPartHeading.js'
import { cleanText } from '../chat/json.js'
import { isolate } from '../forms/IsolatedLine.js'
import { chatTexts } from '../forms/texts/chat.js'
import { resolvePart } from '../forms/texts/resolve.js'
import type { McpToolPartProps } from './McpToolPart.js'
import type { McpAssistantToolOptions } from './settings.js'

/** The UI of the model name `name`, which no listing of `servers` routes. */
export function createGonePart(name: string, servers: McpServerSet, options: McpAssistantToolOptions): ComponentType<McpToolPartProps> {
  const id = serverIdOfToolName(name)
  const own = id ? name.slice(id.length + 2) : name
  function GonePart(props: McpToolPartProps) {
    const snapshot = useSyncExternalStore(servers.subscribe, servers.getSnapshot, servers.getSnapshot)
    const server = snapshot.find((state) => state.id === id)
    const text = resolvePart(options.messages, chatTexts)
    const title = partTitle(undefined, own)
    const serverName = server ? (cleanText(server.name, 100) ?? server.id) : undefined
    // Gone for sure: no such server, or its listing from this page lacks the tool.
    const gone = !server || (server.fresh && !server.tools?.some((tool) => tool.name === own))
    const line = !server ? text.serverGone(id ?? title) : gone ? text.toolGone(isolate(title), serverName!) : undefined
    const waiting = props.result === undefined && props.status.type === 'requires-action'
    useEffect(() => {
      if (line !== undefined && waiting) props.addResult(goneResult(line))
    }, [line, waiting])
    return (
      <ToolPart title={title} server={serverName} messages={options.messages} common={{ className: 'mcp-elicit-tool-part mcp-elicit-assistant-tool', 'data-tool': own, 'data-server': id, 'data-tool-call-id': props.toolCallId, 'data-gone': line ? 'true' : undefined }}>
        <p role="status" className="mcp-elicit-cancelled" dir="auto">
          {line ?? text.waitingForListing(serverName ?? title)}
        </p>
      </ToolPart>
    )
  }
  GonePart.displayName = `McpGonePart(${name.slice(0, 64)})`
  return GonePart
}

function goneResult(text: string): McpResult {
  return { content: [{ type: 'text', text }], isError: true }
}
