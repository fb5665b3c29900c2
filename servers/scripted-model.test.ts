import { describe, expect, it } from 'vitest'
import { QUOTE_LIMIT, scriptedStep, type ScriptedTool } from './scripted-model.ts'

const tools: ScriptedTool[] = [
  { name: 'add', inputSchema: { properties: { a: { type: 'number' } } } },
  { name: 'add_note', inputSchema: { properties: { text: { type: 'string' }, pinned: { type: 'boolean' }, count: { type: 'integer' } } } },
  { name: 'wizard', inputSchema: {} },
]

describe('scriptedStep', () => {
  it('calls the tool the message names, the longest name first, with typed key=value arguments', () => {
    expect(scriptedStep({ role: 'user', text: 'please add_note text="buy milk" pinned=true count=3 other=1' }, tools)).toEqual({
      type: 'tool-call',
      toolName: 'add_note',
      input: { text: 'buy milk', pinned: true, count: 3 },
    })
    expect(scriptedStep({ role: 'user', text: 'run the wizard' }, tools)).toEqual({ type: 'tool-call', toolName: 'wizard', input: {} })
  })

  it('quotes a tool result, clipped, and says when it failed', () => {
    const step = scriptedStep({ role: 'tool', toolName: 'wizard', output: { content: [{ type: 'text', text: 'Hello Ada' }] } }, tools)
    expect(step).toEqual({ type: 'text', text: 'The tool wizard answered: “Hello Ada”.' })
    const long = scriptedStep({ role: 'tool', toolName: 'wizard', output: 'x'.repeat(5000) }, tools)
    expect(long.type === 'text' && long.text.length).toBeLessThan(QUOTE_LIMIT + 40)
    expect(scriptedStep({ role: 'tool', toolName: 'add', output: 'denied', isError: true }, tools)).toEqual({ type: 'text', text: 'The tool add failed: denied.' })
  })

  it('names the tools it could call when no tool is named', () => {
    const step = scriptedStep({ role: 'user', text: 'hello' }, tools)
    expect(step.type === 'text' && step.text).toContain('add, add_note, wizard')
    expect(scriptedStep({ role: 'other' }, [])).toEqual({ type: 'text', text: 'I am a scripted stand-in and no tool is offered.' })
  })

  describe('with several servers (tools named <server>__<tool>)', () => {
    const from = (name: string) => `A tool of the MCP server “${name}”. Shows a seat map.`
    const set: ScriptedTool[] = [
      { name: 'demo__seat_map', description: from('Demo server'), inputSchema: { properties: { rows: { type: 'integer' } } } },
      { name: 'legacy__seat_map', description: from('Legacy server (2025-11-25)'), inputSchema: { properties: { rows: { type: 'integer' } } } },
      { name: 'legacy__legacy_profile', description: from('Legacy server (2025-11-25)') },
      { name: 'protected__whoami', description: from('Protected server') },
    ]

    it('takes the whole qualified name as it is', () => {
      expect(scriptedStep({ role: 'user', text: 'legacy__seat_map rows=4' }, set)).toEqual({ type: 'tool-call', toolName: 'legacy__seat_map', input: { rows: 4 } })
    })

    it('finds a tool by its own name when one server has it', () => {
      expect(scriptedStep({ role: 'user', text: 'run legacy_profile please' }, set)).toEqual({ type: 'tool-call', toolName: 'legacy__legacy_profile', input: {} })
    })

    it('picks the server the text names, by id or by name, among those that have the tool', () => {
      expect(scriptedStep({ role: 'user', text: 'run seat_map on the legacy server rows=6' }, set)).toEqual({ type: 'tool-call', toolName: 'legacy__seat_map', input: { rows: 6 } })
      expect(scriptedStep({ role: 'user', text: 'seat_map on the Demo server' }, set)).toEqual({ type: 'tool-call', toolName: 'demo__seat_map', input: {} })
    })

    it('asks which server when the text names a shared tool without one', () => {
      expect(scriptedStep({ role: 'user', text: 'show me a seat_map' }, set)).toEqual({
        type: 'text',
        text: 'Several servers have seat_map: demo__seat_map (Demo server), legacy__seat_map (Legacy server (2025-11-25)). Say which server.',
      })
    })

    it('passes on what the system prompt says of the servers whose tools are not offered', () => {
      const system = 'The tools of the MCP server “Protected server” (protected) are not offered now: the person is not signed in to it.'
      const step = scriptedStep({ role: 'user', text: 'whoami' }, set.slice(0, 3), { system })
      expect(step.type === 'text' && step.text).toMatch(/^I am a scripted stand-in\. Name a tool and I will call it: demo__seat_map, legacy__seat_map, legacy__legacy_profile\. The tools of the MCP server “Protected server”/)
    })
  })
})
