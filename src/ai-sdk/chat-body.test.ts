import { describe, expect, it } from 'vitest'
import type { Tool } from '../core/index.js'
import { MCP_TOOLS_FIELD, mcpChatBody } from './chat-body.js'

const seatMap: Tool = {
  name: 'seat_map',
  title: 'Seat map',
  description: 'Shows the seats.',
  inputSchema: { type: 'object', properties: { flight: { type: 'string' } } },
  outputSchema: { type: 'object' },
  annotations: { readOnlyHint: true },
  _meta: { ui: { resourceUri: 'ui://seats/view.html', visibility: ['model', 'app'] }, 'vendor/secret': 'not for the route' },
  icons: [{ src: 'https://example.com/big.png' }],
}

describe('mcpChatBody', () => {
  it('sends what the route reads of each tool: _meta.ui is the only _meta kept, other fields are left in the browser', async () => {
    const body = await mcpChatBody([seatMap, { name: 'bare', inputSchema: { type: 'object' } }])
    expect(Object.keys(body)).toEqual([MCP_TOOLS_FIELD])
    expect(body.mcpTools).toEqual([
      {
        name: 'seat_map',
        title: 'Seat map',
        description: 'Shows the seats.',
        inputSchema: { type: 'object', properties: { flight: { type: 'string' } } },
        outputSchema: { type: 'object' },
        annotations: { readOnlyHint: true },
        _meta: { ui: { resourceUri: 'ui://seats/view.html', visibility: ['model', 'app'] } },
      },
      { name: 'bare', inputSchema: { type: 'object' } },
    ])
  })

  it("lists a client's tools, passing the signal on", async () => {
    const controller = new AbortController()
    let signal: AbortSignal | undefined
    const body = await mcpChatBody({
      listTools: async (options) => {
        signal = options?.signal
        return [seatMap]
      },
    }, { signal: controller.signal })
    expect(body.mcpTools.map((tool) => tool.name)).toEqual(['seat_map'])
    expect(signal).toBe(controller.signal)
  })

  it('drops entries that are not objects rather than sending them', async () => {
    const body = await mcpChatBody([null, 'x', seatMap] as unknown as Tool[])
    expect(body.mcpTools.map((tool) => tool.name)).toEqual(['seat_map'])
  })
})
