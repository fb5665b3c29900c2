// @vitest-environment jsdom
/**
 * McpToolPart over a set of servers (two real SDK servers, both with a tool
 * named `echo`): each part runs on the server its `toolMetadata.mcp.server`
 * names, whatever the order the servers were given in; its heading is the
 * tool's title and that server's display name; a part whose server or tool
 * the set no longer has calls nothing and says so to the person and, in the
 * same words, to the model.
 */
import { cleanup, render, waitFor } from '@testing-library/react'
import validator from '@rjsf/validator-ajv8'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startModernServer, type ModernServer } from '../../../servers/modern-server.ts'
import { createClient, createServerSet, type McpServerSet } from '../../core/index.js'
import { McpServersProvider } from '../../react/index.js'
import { chatTexts } from '../../forms/texts/chat.js'
import type { ToolPartLike } from '../tool-part.js'
import { McpToolPart } from './McpToolPart.js'

let north: ModernServer
let south: ModernServer
let servers: McpServerSet

beforeAll(async () => {
  ;[north, south] = await Promise.all([startModernServer(), startModernServer()])
  const capabilities = { elicitation: { form: {} } }
  // South first: the order of the entries decides nothing about which server a part reaches.
  servers = createServerSet(
    [
      { id: 'south', name: 'South office', client: createClient(south.url, { capabilities }) },
      { id: 'north', name: 'North office', client: createClient(north.url, { capabilities }) },
    ],
    { storage: null },
  )
  await servers.refresh()
})
afterAll(async () => {
  servers.dispose()
  await Promise.all([north.close(), south.close()])
})
afterEach(() => {
  cleanup()
  sessionStorage.clear()
})

const echoes = (server: ModernServer) => server.received.filter((entry) => entry.tool === 'echo').map((entry) => (entry.data as { text: string }).text)

const part = (server: string, name: string, text: string): ToolPartLike => ({
  type: 'dynamic-tool',
  toolName: `${server}__${name}`,
  toolCallId: `call-${server}-${Math.random()}`,
  state: 'input-available',
  input: { text },
  toolMetadata: { mcp: { name, server } },
})

function renderParts(parts: ToolPartLike[], addToolOutput = vi.fn()) {
  const view = render(
    <McpServersProvider servers={servers} refresh={false}>
      {parts.map((one) => (
        <McpToolPart key={one.toolCallId} part={one} chat={{ addToolOutput }} validator={validator} />
      ))}
    </McpServersProvider>,
  )
  return { ...view, addToolOutput }
}

describe('McpToolPart over a set of servers', () => {
  it('runs each call of a tool name two servers share on the server its part names, headed by that server', async () => {
    const { container, addToolOutput } = renderParts([part('north', 'echo', 'to the north'), part('south', 'echo', 'to the south')])
    await waitFor(() => expect(addToolOutput).toHaveBeenCalledTimes(2))
    expect(echoes(north)).toEqual(['to the north'])
    expect(echoes(south)).toEqual(['to the south'])
    const headings = [...container.querySelectorAll('.mcp-elicit-tool-heading')].map((heading) => heading.textContent)
    expect(headings).toEqual(['Echo · North office', 'Echo · South office'])
    expect([...container.querySelectorAll('.mcp-elicit-tool-part')].map((element) => element.getAttribute('data-server'))).toEqual(['north', 'south'])
  })

  it('calls nothing for a part whose server or tool is gone, and says why to the person and the model alike', async () => {
    const before = [echoes(north).length, echoes(south).length]
    const { container, addToolOutput } = renderParts([part('west', 'echo', 'nowhere'), part('north', 'shred_everything', 'x')])
    const serverGone = chatTexts.serverGone('west')
    const toolGone = chatTexts.toolGone('shred_everything', 'North office')
    await waitFor(() => expect(addToolOutput).toHaveBeenCalledTimes(2))
    expect(addToolOutput.mock.calls.map(([output]) => (output as { errorText: string }).errorText)).toEqual([serverGone, toolGone])
    expect([...container.querySelectorAll('.mcp-elicit-gone')].map((line) => line.textContent)).toEqual([serverGone, toolGone])
    expect([echoes(north).length, echoes(south).length]).toEqual(before)
    expect(north.requests.filter((request) => request.rpcMethod === 'tools/call' && JSON.stringify(request.body).includes('shred_everything'))).toHaveLength(0)
  })
})
