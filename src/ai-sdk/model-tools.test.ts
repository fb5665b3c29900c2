/**
 * The listing-to-tools mapping with hostile and odd listings: what the
 * model is offered, what is skipped and why, and that nothing throws but a
 * value that is no listing at all.
 */
import { asSchema, type Tool } from 'ai'
import { describe, expect, it } from 'vitest'
import { isMcpAiSdkError } from './errors.js'
import { mcpToolsForModel, toolsFrom } from './model-tools.js'
import { mcpOutputForModel } from './tool-output.js'
import { MAX_RESULT_LENGTH } from '../chat/bounded-result.js'
import { MODEL_TOOL_NAME } from '../chat/tool-names.js'

const object = (properties: Record<string, unknown> = {}) => ({ type: 'object', properties })

async function schemaOf(tool: Tool | undefined): Promise<unknown> {
  return asSchema(tool!.inputSchema).jsonSchema
}

describe('mcpToolsForModel', () => {
  it('makes a dynamic tool without execute per tool, with its schema, an output schema, title and hints', async () => {
    const { tools, offered, skipped } = mcpToolsForModel({
      tools: [
        { name: 'trip_wizard', title: 'Trip wizard', description: 'Three rounds.', inputSchema: object({ city: { type: 'string' } }) },
        { name: 'read_notes', inputSchema: { type: 'object' }, annotations: { title: 'Read notes', readOnlyHint: true } },
        { name: 'wipe', description: 'Deletes everything.', inputSchema: object(), annotations: { destructiveHint: true } },
      ],
    })
    expect(Object.keys(tools)).toEqual(['trip_wizard', 'read_notes', 'wipe'])
    expect(skipped).toEqual([])
    const wizard = tools.trip_wizard!
    expect(wizard.type).toBe('dynamic')
    expect(wizard.execute).toBeUndefined()
    expect(wizard.outputSchema).toBeDefined()
    expect(wizard.title).toBe('Trip wizard')
    expect(wizard.description).toBe('Three rounds.')
    expect(wizard.metadata).toEqual({ mcp: { name: 'trip_wizard' } })
    expect(await schemaOf(wizard)).toEqual(object({ city: { type: 'string' } }))
    // `properties` is added where the server left it out: several providers require it.
    expect(await schemaOf(tools.read_notes)).toEqual({ type: 'object', properties: {} })
    expect(tools.read_notes!.title).toBe('Read notes')
    expect(tools.read_notes!.description).toBe('Read notes Read-only.')
    expect(tools.read_notes!.metadata).toEqual({ mcp: { name: 'read_notes', readOnly: true } })
    expect(tools.wipe!.description).toBe('Deletes everything. May change or delete data.')
    expect(offered.map((tool) => tool.modelName)).toEqual(['trip_wizard', 'read_notes', 'wipe'])
  })

  it('takes the tools array as well as the tools/list result', () => {
    expect(Object.keys(mcpToolsForModel([{ name: 'a', inputSchema: object() }]).tools)).toEqual(['a'])
  })

  it('honours MCP Apps visibility: app-only tools are never offered, and a tool with an app says so in its metadata', () => {
    const { tools, skipped } = mcpToolsForModel([
      { name: 'seat_map', inputSchema: object(), _meta: { ui: { resourceUri: 'ui://seats/view.html' } } },
      { name: 'reserve_seat', inputSchema: object(), _meta: { ui: { visibility: ['app'] } } },
      { name: 'both', inputSchema: object(), _meta: { ui: { visibility: ['model', 'app'] } } },
      { name: 'garbled', inputSchema: object(), _meta: { ui: { visibility: 'app' } } },
    ])
    expect(Object.keys(tools)).toEqual(['seat_map', 'both', 'garbled'])
    expect(tools.seat_map!.metadata).toEqual({ mcp: { name: 'seat_map', app: 'ui://seats/view.html' } })
    expect(skipped).toEqual([{ index: 1, name: 'reserve_seat', reason: 'app-only' }])
  })

  it("keeps clear of the app's own tool names (reserved): the MCP tool gets a suffix, its metadata the server's name", () => {
    const { tools, renamed } = mcpToolsForModel([{ name: 'search', inputSchema: object() }], { reserved: ['search'] })
    expect(Object.keys(tools)).toEqual(['search_2'])
    expect(renamed).toEqual([{ mcpName: 'search', modelName: 'search_2' }])
    expect((tools.search_2 as { metadata?: unknown }).metadata).toEqual({ mcp: { name: 'search' } })
  })

  it('maps names the providers refuse and reports each rename', () => {
    const { tools, renamed, offered } = mcpToolsForModel([
      { name: 'notes.read', inputSchema: object() },
      { name: '__proto__', inputSchema: object() },
      { name: 'constructor', inputSchema: object() },
      { name: 'é', inputSchema: object() },
    ])
    for (const name of Object.keys(tools)) expect(name).toMatch(MODEL_TOOL_NAME)
    expect(Object.getPrototypeOf(tools)).toBe(Object.prototype)
    expect(Object.keys(tools)).toEqual(['notes_read', 'tool___proto__', 'tool_constructor', '_'])
    expect(renamed).toEqual([
      { mcpName: 'notes.read', modelName: 'notes_read' },
      { mcpName: '__proto__', modelName: 'tool___proto__' },
      { mcpName: 'constructor', modelName: 'tool_constructor' },
      { mcpName: 'é', modelName: '_' },
    ])
    expect(tools.notes_read!.metadata).toEqual({ mcp: { name: 'notes.read' } })
    expect(offered.find((tool) => tool.modelName === 'tool___proto__')?.mcpName).toBe('__proto__')
  })

  it('skips what is not a tool, bad names, duplicates and schemas that are not object schemas', () => {
    const { tools, skipped } = mcpToolsForModel([
      null,
      'trip_wizard',
      { name: 42, inputSchema: object() },
      { name: '', inputSchema: object() },
      { name: 'n'.repeat(129), inputSchema: object() },
      { name: 'bell\u0007', inputSchema: object() },
      { name: 'ok', inputSchema: object() },
      { name: 'ok', inputSchema: object({ other: {} }) },
      { name: 'no_schema' },
      { name: 'array_schema', inputSchema: [] },
      { name: 'string_schema', inputSchema: { type: 'string' } },
    ])
    expect(Object.keys(tools)).toEqual(['ok'])
    expect(skipped.map(({ index, reason }) => [index, reason])).toEqual([
      [0, 'not-a-tool'],
      [1, 'not-a-tool'],
      [2, 'not-a-tool'],
      [3, 'invalid-name'],
      [4, 'invalid-name'],
      [5, 'invalid-name'],
      [7, 'duplicate'],
      [8, 'invalid-schema'],
      [9, 'invalid-schema'],
      [10, 'invalid-schema'],
    ])
    expect(skipped[4]!.name).toHaveLength(128)
    expect(skipped[5]!.name).toBe('bell')
  })

  it('bounds what a listing can make the route carry: schema size, nesting, tool count, entries looked at, text', () => {
    let deep: Record<string, unknown> = {}
    const root = deep
    for (let i = 0; i < 200_000; i++) deep = deep.next = {}
    const many = Array.from({ length: 5000 }, (_, i) => ({ name: `t${i}`, inputSchema: object() }))
    const { tools, skipped } = mcpToolsForModel([
      { name: 'huge', inputSchema: object({ a: { description: 'x'.repeat(70_000) } }) },
      { name: 'deep', inputSchema: { type: 'object', properties: root } },
      { name: 'chatty', description: `${'d'.repeat(10_000)}\u202e`, title: 't'.repeat(500), inputSchema: object() },
      ...many,
    ])
    expect(skipped.slice(0, 2)).toEqual([
      { index: 0, name: 'huge', reason: 'too-large' },
      { index: 1, name: 'deep', reason: 'too-large' },
    ])
    expect(Object.keys(tools)).toHaveLength(128)
    expect(tools.chatty!.description).toHaveLength(4096)
    expect(String(tools.chatty!.description).endsWith('…')).toBe(true)
    expect(tools.chatty!.title).toHaveLength(200)
    const tooMany = skipped.filter((entry) => entry.reason === 'too-many')
    expect(tooMany.at(-1)).toEqual({ index: 1000, name: '', reason: 'too-many', count: 5003 - 1000 })
    expect(tooMany.length).toBe(1000 - 2 - 128 + 1)
  })

  it('takes smaller limits', () => {
    const { tools, skipped } = mcpToolsForModel(
      [
        { name: 'a', inputSchema: object() },
        { name: 'b', inputSchema: object({ x: { type: 'string' } }) },
        { name: 'c', inputSchema: object() },
      ],
      { maxTools: 1, maxSchemaLength: 40 },
    )
    expect(Object.keys(tools)).toEqual(['a'])
    expect(skipped.map((entry) => entry.reason)).toEqual(['too-large', 'too-many'])
  })

  it('copies schemas: the tools share nothing with the listing', async () => {
    const schema = object({ city: { type: 'string' } })
    const { tools } = mcpToolsForModel([{ name: 'a', inputSchema: schema }])
    schema.properties.city = { type: 'number' }
    expect(await schemaOf(tools.a)).toEqual(object({ city: { type: 'string' } }))
  })

  it('throws a typed error for a value that is no listing at all', () => {
    for (const listing of [undefined, null, 'tools', 42, { tools: 'x' }, {}]) {
      let caught: unknown
      try {
        mcpToolsForModel(listing)
      } catch (error) {
        caught = error
      }
      expect(isMcpAiSdkError(caught) && caught.code).toBe('AI_SDK_LISTING_INVALID')
    }
  })

  it('names the missing API and the version to install when the installed `ai` lacks one', () => {
    const old = { jsonSchema: () => ({}) }
    let caught: unknown
    try {
      toolsFrom(old, [])
    } catch (error) {
      caught = error
    }
    expect(isMcpAiSdkError(caught)).toBe(true)
    expect(caught).toMatchObject({ name: 'McpAiSdkError', code: 'AI_SDK_MISSING_API' })
    expect((caught as Error).message).toBe('mcp-elicit/ai-sdk needs `dynamicTool` from `ai`, and the installed version has none. It is written for ai 7: run `npm install ai@7`.')
  })
})

describe('mcpOutputForModel', () => {
  it('gives the model the text of a text result, JSON otherwise, and an error for isError', () => {
    expect(mcpOutputForModel({ content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] })).toEqual({ type: 'text', value: 'a\nb' })
    const image = { content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }] }
    expect(mcpOutputForModel(image)).toEqual({ type: 'text', value: '[image (image/png) not passed on to the model]' })
    const link = { content: [{ type: 'resource_link', uri: 'file:///a', name: 'a' }] }
    expect(mcpOutputForModel(link)).toEqual({ type: 'json', value: link })
    const structured = { content: [{ type: 'text', text: '{}' }], structuredContent: { a: 1 } }
    expect(mcpOutputForModel(structured)).toEqual({ type: 'json', value: structured })
    expect(mcpOutputForModel({ content: [{ type: 'text', text: 'no' }], isError: true })).toEqual({ type: 'error-text', value: 'no' })
    expect(mcpOutputForModel('plain')).toEqual({ type: 'json', value: 'plain' })
    expect(mcpOutputForModel(undefined)).toEqual({ type: 'json', value: null })
  })

  it('an isError result without text reaches the model as bounded JSON, however deep or large its content', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)
    const output = mcpOutputForModel({ isError: true, content: deep })
    expect(output.type).toBe('error-text')
    expect((output as { value: string }).value).toMatch(/^\[\n {2}\[\n/)
    expect((output as { value: string }).value).toContain('[…]')
    const large = mcpOutputForModel({ isError: true, content: [{ type: 'image', data: 'A'.repeat(1_000_000), mimeType: 'image/png' }] })
    expect((large as { value: string }).value.length).toBeLessThan(21_000)
    expect(mcpOutputForModel({ isError: true, content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }] })).toEqual({
      type: 'error-text',
      value: '[\n  {\n    "type": "image",\n    "data": "AAAA",\n    "mimeType": "image/png"\n  }\n]',
    })
  })

  // The output is carried in the conversation and sent again every turn: a hostile result must not break or bloat every later request.
  it('a result that is not an error is bounded too: deep structured content, a 6 MB image, a 6 MB text', () => {
    const deep = JSON.parse(`{"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`)
    const structured = mcpOutputForModel({ content: [{ type: 'text', text: 'ok' }], structuredContent: deep })
    // Too deep to copy: the model reads its bounded JSON after the text.
    expect(structured.type).toBe('text')
    expect((structured as { value: string }).value).toMatch(/^ok\n\{\n {2}"x": \[\n/)
    expect((structured as { value: string }).value).toContain('[…]')
    const large = mcpOutputForModel({ content: [], structuredContent: { rows: Array.from({ length: 50_000 }, (_, i) => ({ i })) } })
    // Characters are counted before serialising (each newline of the pretty JSON is then two).
    expect(JSON.stringify((large as { value: unknown }).value).length).toBeLessThan(2 * MAX_RESULT_LENGTH)
    expect(mcpOutputForModel({ content: [], structuredContent: { a: 1 } })).toEqual({ type: 'json', value: { content: [], structuredContent: { a: 1 } } })

    const data = 'A'.repeat(6 * 1024 * 1024)
    const image = mcpOutputForModel({ content: [{ type: 'text', text: 'the chart:' }, { type: 'image', mimeType: 'image/png', data }, { type: 'audio', mimeType: 'audio/wav', data }, { type: 'resource', resource: { uri: 'file:///a.bin', blob: data } }] })
    expect(image).toEqual({ type: 'text', value: 'the chart:\n[image (image/png) not passed on to the model]\n[audio (audio/wav) not passed on to the model]\n[binary resource not passed on to the model]' })

    const text = mcpOutputForModel({ content: [{ type: 'text', text: 'x'.repeat(6 * 1024 * 1024) }] }) as { value: string }
    expect(text.value).toHaveLength(MAX_RESULT_LENGTH)
    expect(text.value.endsWith('…')).toBe(true)
  })
})
