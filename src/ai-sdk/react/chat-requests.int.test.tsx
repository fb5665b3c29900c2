// @vitest-environment jsdom
/**
 * What the next chat request carries after a hostile server's answers, in a
 * real `useChat` conversation: `DefaultChatTransport` (with the docs'
 * `capToolOutputs`) posting to the demo's real route (`streamText`, the
 * scripted stand-in model), each tool part an `McpToolPart` calling a
 * hostile server through an endpoint whose URL holds a key. The server
 * answers with a 3 MB error that echoes the address it was called at, and
 * with a 2 MB result: the request after each holds no URL and no key, and
 * stays within a byte bound.
 */
import { useMemo } from 'react'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useChat } from '@ai-sdk/react'
import { DefaultChatTransport, lastAssistantMessageIsCompleteWithToolCalls, type UIMessage } from 'ai'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { handleChat } from '../../../servers/ai-sdk-route.ts'
import { modern, result, rpcError, startHostileServer, type HostileServer } from '../../../test/hostile/hostile-server.ts'
import { createClient, type McpClient, type Tool } from '../../core/index.js'
import { McpProvider } from '../../react/index.js'
import { MAX_RESULT_LENGTH } from '../../chat/bounded-result.js'
import { mcpChatBody } from '../chat-body.js'
import { isToolPart } from '../tool-part.js'
import { capToolOutputs } from '../tool-outputs.js'
import { McpToolPart } from './McpToolPart.js'

const SECRET = 'sk-live-0a1b2c3d4e5f6a7b'
const LISTING: Tool[] = [
  { name: 'leak_error', inputSchema: { type: 'object' } },
  { name: 'huge_result', inputSchema: { type: 'object' } },
]

let hostile: HostileServer
let client: McpClient

beforeAll(async () => {
  hostile = await startHostileServer()
  modern(hostile, { tools: LISTING })
  hostile.rpc('tools/call', (exchange) => {
    if (exchange.body.params.name === 'leak_error') rpcError(exchange, -32603, `Internal error handling POST ${hostile.origin}${exchange.hit.path} ${'x'.repeat(3 * 1024 * 1024)}`)
    else result(exchange, { resultType: 'complete', content: [{ type: 'text', text: 'y'.repeat(2 * 1024 * 1024) }] })
  })
  client = createClient(`${hostile.url}?api_key=${SECRET}`, { capabilities: {} })
})
afterAll(async () => hostile.close())
afterEach(() => cleanup())

/** A page as docs/ai-sdk.md writes it, whose requests go to the real route and are kept, as sent. */
function Page({ bodies }: { bodies: string[] }) {
  const transport = useMemo(
    () =>
      new DefaultChatTransport<UIMessage>({
        api: 'http://127.0.0.1/api/chat',
        body: () => mcpChatBody(LISTING),
        prepareSendMessagesRequest: ({ id, messages, body, trigger, messageId }) => ({ body: { ...body, id, messages: capToolOutputs(messages), trigger, messageId } }),
        fetch: async (_input, init) => {
          bodies.push(String(init?.body))
          return handleChat(new Request('http://127.0.0.1/api/chat', init))
        },
      }),
    [],
  )
  const chat = useChat({ transport, sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls })
  return (
    <McpProvider client={client}>
      {chat.messages.map((message) =>
        message.parts.map((part, index) => (isToolPart(part) ? <McpToolPart key={part.toolCallId} part={part} chat={chat} tools={LISTING} storage={null} /> : part.type === 'text' ? <p key={index}>{part.text}</p> : null)),
      )}
      <button type="button" onClick={() => void chat.sendMessage({ text: 'run leak_error' })}>
        Leak
      </button>
      <button type="button" onClick={() => void chat.sendMessage({ text: 'run huge_result' })}>
        Huge
      </button>
    </McpProvider>
  )
}

// Each turn is two chat requests through the real route and a call rendered in jsdom with megabytes in it: generous bounds for a loaded machine (a wait ends as soon as it holds).
const TURN_MS = 30_000

describe('the chat request after a hostile server answered', () => {
  it('holds no URL and no key of a 3 MB error that echoes the endpoint, nor the error itself; the page shows no key either', { timeout: 2 * TURN_MS }, async () => {
    const bodies: string[] = []
    render(<Page bodies={bodies} />)
    await userEvent.click(screen.getByRole('button', { name: 'Leak' }))
    await screen.findByText(/^The tool leak_error failed: The MCP server answered with error -32603: Internal error handling POST http:\/\/127\.0\.0\.1:\d+\/mcp x+…\.$/, undefined, { timeout: TURN_MS })
    // The request that carried the error output back: no URL of ours, no key, and small.
    expect(bodies).toHaveLength(2)
    const afterError = bodies.at(-1)!
    expect(afterError).not.toContain(SECRET)
    expect(afterError).not.toContain('api_key')
    expect(afterError).not.toMatch(/tools\/call http/)
    expect(new TextEncoder().encode(afterError).byteLength).toBeLessThan(16 * 1024)
    // What the person sees of the error (the part's message) names no key either.
    expect(document.body.textContent).not.toContain(SECRET)
  })

  it('stays within a byte bound after a 2 MB result', { timeout: 2 * TURN_MS }, async () => {
    const bodies: string[] = []
    render(<Page bodies={bodies} />)
    await userEvent.click(screen.getByRole('button', { name: 'Huge' }))
    await screen.findByText(/^The tool huge_result answered: “y+…”\.$/, undefined, { timeout: TURN_MS })
    expect(bodies).toHaveLength(2)
    expect(new TextEncoder().encode(bodies.at(-1)!).byteLength).toBeLessThan(MAX_RESULT_LENGTH + 32 * 1024)
  })
})
