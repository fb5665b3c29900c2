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
})
