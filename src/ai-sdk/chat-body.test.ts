import { describe, expect, it } from 'vitest'
import type { Tool } from '../core/index.js'
import { MCP_TOOLS_FIELD, mcpChatBody } from './chat-body.js'
import type { SkippedTool } from './tool-listing.js'

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
        _meta: { ui: { resourceUri: 'ui://seats/view.html' } },
      },
      { name: 'bare', inputSchema: { type: 'object', properties: {} } },
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

  it('drops entries that are not objects rather than sending them, and says so', async () => {
    const skipped: SkippedTool[] = []
    const body = await mcpChatBody([null, 'x', seatMap] as unknown as Tool[], { onSkipped: (tools) => skipped.push(...tools) })
    expect(body.mcpTools.map((tool) => tool.name)).toEqual(['seat_map'])
    expect(skipped.map((tool) => tool.reason)).toEqual(['not-a-tool', 'not-a-tool'])
  })

  // The body is serialised whole on every request: one hostile tool must not break the chat, only leave the tool out.
  it('sends only checked copies: a field nested 100,000 deep is dropped (or its tool left out), and the body still serialises', async () => {
    const deep = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)
    const hostile = ['outputSchema', 'annotations', 'inputSchema'].map((field) => JSON.parse(`{"name":"deep_${field}","inputSchema":{"type":"object"},"${field}":${deep(100_000).replace('{"a":', '{"type":"object","a":')}}`) as Tool)
    hostile.push(JSON.parse(`{"name":"deep_ui","inputSchema":{"type":"object"},"_meta":{"ui":${deep(100_000)}}}`) as Tool)
    const skipped: SkippedTool[] = []
    const body = await mcpChatBody([{ name: 'echo', inputSchema: { type: 'object' } }, ...hostile], { onSkipped: (tools) => skipped.push(...tools) })
    const sent = JSON.parse(JSON.stringify(body)) as typeof body
    expect(sent.mcpTools.map((tool) => tool.name)).toEqual(['echo', 'deep_outputSchema', 'deep_annotations', 'deep_ui'])
    expect(sent.mcpTools.find((tool) => tool.name === 'deep_outputSchema')).toEqual({ name: 'deep_outputSchema', inputSchema: { type: 'object', properties: {} } })
    expect(skipped).toEqual([{ index: 3, name: 'deep_inputSchema', reason: 'too-large' }])
  })

  it("cuts a long description and a long listing to the route's limits (5 MiB of description, 150,000 tools)", async () => {
    const long = await mcpChatBody([{ name: 'big', description: 'x'.repeat(5 * 1024 * 1024), inputSchema: { type: 'object' } }])
    expect(long.mcpTools[0]!.description).toHaveLength(4096)
    const many = Array.from({ length: 150_000 }, (_, i) => ({ name: `t${i}`, inputSchema: { type: 'object' } }) as Tool)
    const skipped: SkippedTool[] = []
    const body = await mcpChatBody(many, { limits: { maxTools: 64 }, onSkipped: (tools) => skipped.push(...tools) })
    expect(body.mcpTools).toHaveLength(64)
    expect(skipped.at(-1)).toEqual({ index: 1000, name: '', reason: 'too-many', count: 149_000 })
    expect(JSON.stringify(body).length).toBeLessThan(10_000)
  })
})
