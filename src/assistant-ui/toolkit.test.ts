import { describe, expect, it } from 'vitest'
import { MODEL_TOOL_NAME } from '../chat/tool-names'
import { mapMcpTools } from './toolkit'

const tool = (name: string, extra: Record<string, unknown> = {}) => ({ name, inputSchema: { type: 'object', properties: {} }, ...extra })

describe('mapMcpTools', () => {
  it('offers each tool under its name, with its description (else its title) and its input schema', () => {
    const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }
    const { tools, renamed, skipped } = mapMcpTools([tool('weather', { description: 'Weather for a city', inputSchema: schema }), tool('notes', { title: 'Notes' })])
    expect(tools.map((entry) => [entry.name, entry.tool.name, entry.description])).toEqual([
      ['weather', 'weather', 'Weather for a city'],
      ['notes', 'notes', 'Notes'],
    ])
    expect(tools[0]!.parameters).toEqual(schema)
    expect(renamed).toEqual([])
    expect(skipped).toEqual([])
  })

  it('takes a tools/list result as well as its tools array', () => {
    expect(mapMcpTools({ tools: [tool('weather')] }).tools.map((entry) => entry.name)).toEqual(['weather'])
  })

  it('leaves out app-only tools (MCP Apps visibility), and keeps tools visible to both', () => {
    const { tools, skipped } = mapMcpTools([
      tool('refresh_view', { _meta: { ui: { resourceUri: 'ui://x/view.html', visibility: ['app'] } } }),
      tool('show_chart', { _meta: { ui: { resourceUri: 'ui://x/view.html', visibility: ['model', 'app'] } } }),
    ])
    expect(tools.map((entry) => entry.name)).toEqual(['show_chart'])
    expect(skipped).toEqual([{ index: 0, name: 'refresh_view', reason: 'app-only' }])
  })

  it('renames what the framework refuses (the AI SDK adapter\'s rule) and reports it; the call still goes out under the server name', () => {
    const { tools, renamed } = mapMcpTools([tool('notes.search'), tool('a.b'), tool('a_b'), tool('__proto__'), tool('constructor'), tool('!!!')])
    expect(tools.map((entry) => entry.name)).toEqual(['notes_search', 'a_b_2', 'a_b', 'tool___proto__', 'tool_constructor', '___'])
    expect(tools[0]!.tool.name).toBe('notes.search')
    expect(renamed).toContainEqual({ name: 'notes.search', as: 'notes_search' })
    for (const entry of tools) expect(entry.name).toMatch(MODEL_TOOL_NAME)
  })

  it('skips, with the reason, what is no tool, a repeated name, and a schema that is no object schema', () => {
    const { tools, skipped } = mapMcpTools([tool('a'), tool('a'), null, 'x', { name: 42 }, tool(''), { name: 'no_schema' }, tool('array_schema', { inputSchema: { type: 'array' } })])
    expect(tools.map((entry) => entry.name)).toEqual(['a'])
    expect(skipped.map((entry) => [entry.index, entry.reason])).toEqual([
      [1, 'duplicate'],
      [2, 'not-a-tool'],
      [3, 'not-a-tool'],
      [4, 'not-a-tool'],
      [5, 'invalid-name'],
      [6, 'invalid-schema'],
      [7, 'invalid-schema'],
    ])
  })

  it('takes a hostile listing without throwing: huge descriptions, control characters, something that is no listing', () => {
    const { tools } = mapMcpTools([tool('long', { description: `d${'\u202e'}${'d'.repeat(100_000)}` })])
    expect(tools[0]!.description).toHaveLength(4096)
    expect(tools[0]!.description).not.toContain('\u202e')
    expect(mapMcpTools('not a listing')).toEqual({ tools: [], renamed: [], skipped: [] })
  })
})
