import { describe, expect, it } from 'vitest'
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

  it('leaves out app-only tools (MCP Apps visibility), and keeps tools visible to both', () => {
    const { tools, skipped } = mapMcpTools([
      tool('refresh_view', { _meta: { ui: { resourceUri: 'ui://x/view.html', visibility: ['app'] } } }),
      tool('show_chart', { _meta: { ui: { resourceUri: 'ui://x/view.html', visibility: ['model', 'app'] } } }),
    ])
    expect(tools.map((entry) => entry.name)).toEqual(['show_chart'])
    expect(skipped).toEqual([{ name: 'refresh_view', reason: 'hidden-from-model' }])
  })

  it('renames what the framework refuses and reports it; the call still goes out under the server name', () => {
    const { tools, renamed } = mapMcpTools([tool('notes.search')])
    expect(tools[0]!.name).toBe('notes_search')
    expect(tools[0]!.tool.name).toBe('notes.search')
    expect(renamed).toEqual([{ name: 'notes.search', as: 'notes_search' }])
  })

  it('skips duplicates (the first wins), Object.prototype names, names with nothing left, and entries that are not tools', () => {
    const { tools, skipped } = mapMcpTools([tool('a.b'), tool('a_b'), tool('__proto__'), tool('constructor'), tool('!!!'), null, 'x', { name: 42 }, tool('')])
    expect(tools.map((entry) => entry.name)).toEqual(['a_b'])
    expect(skipped).toEqual([
      { name: 'a_b', reason: 'duplicate' },
      { name: '__proto__', reason: 'reserved-name' },
      { name: 'constructor', reason: 'reserved-name' },
      { name: '!!!', reason: 'invalid-name' },
      { name: '(no name)', reason: 'not-a-tool' },
      { name: '(no name)', reason: 'not-a-tool' },
      { name: '(no name)', reason: 'not-a-tool' },
      { name: '(no name)', reason: 'not-a-tool' },
    ])
  })

  it('takes a hostile listing without throwing: no schema, a schema that is not an object schema, huge descriptions, not an array', () => {
    const { tools } = mapMcpTools([
      { name: 'no_schema' },
      tool('array_schema', { inputSchema: { type: 'array' } }),
      tool('string_schema', { inputSchema: 'nope' }),
      tool('long', { description: 'd'.repeat(100_000) }),
    ])
    expect(tools.map((entry) => entry.parameters)).toEqual([{ type: 'object' }, { type: 'object' }, { type: 'object' }, { type: 'object', properties: {} }])
    expect(tools[3]!.description).toHaveLength(4096)
    expect(mapMcpTools('not a listing' as never)).toEqual({ tools: [], renamed: [], skipped: [] })
  })
})
