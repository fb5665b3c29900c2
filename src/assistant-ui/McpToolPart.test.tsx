// @vitest-environment jsdom
/**
 * The tool part with what a hostile server or an odd runtime puts in it: a
 * round whose schema is nested 100,000 deep, and an interrupt payload that
 * throws when read. Neither reaches the host's root: the first still shows
 * its question as a card that can be declined, the second is a line of text.
 * The part is rendered alone with the props assistant-ui gives a tool UI
 * (no call runs: the interrupt is what it shows).
 */
import { Component, type ReactNode } from 'react'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import validator from '@rjsf/validator-ajv8'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createClient } from '../core/index'
import { executeRuns } from './execute'
import { createMcpToolPart, type McpToolPartProps } from './McpToolPart'
import { ROUND_PAYLOAD_TYPE } from './round-payload'

afterEach(() => cleanup())

/** Stands for the host's root: what reaches it took the page down. */
class Root extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: undefined }
  static getDerivedStateFromError(error: unknown) {
    return { error }
  }
  override render() {
    return this.state.error === undefined ? this.props.children : <p>root crashed: {String(this.state.error)}</p>
  }
}

function renderPart(payload: unknown, onError = vi.fn()) {
  const settings = { current: { client: createClient('http://127.0.0.1:9/mcp'), signIn: undefined, options: { validator, onError }, runs: executeRuns() } }
  const Part = createMcpToolPart({ name: 'deep_tool', title: undefined, hints: {} }, settings)
  const resume = vi.fn()
  const props = {
    type: 'tool-call',
    toolCallId: 'call-1',
    toolName: 'deep_tool',
    args: {},
    argsText: '{}',
    status: { type: 'requires-action', reason: 'interrupt' },
    interrupt: { type: 'human', payload },
    addResult: vi.fn(),
    resume,
  } as unknown as McpToolPartProps
  render(
    <Root>
      <Part {...props} />
    </Root>,
  )
  return { resume, onError }
}

describe('the assistant-ui tool part', () => {
  it('a round whose schema is nested 100,000 deep shows its question as a card that can still be declined', async () => {
    const depth = 50_000
    const deep = JSON.parse(`${'{"type":"object","properties":{"a":'.repeat(depth)}{"type":"string"}${'}}'.repeat(depth)}`)
    expect(() => JSON.stringify(deep)).toThrow(RangeError)
    const payload = {
      type: ROUND_PAYLOAD_TYPE,
      tool: 'deep_tool',
      round: 1,
      inputs: [{ key: 'q', method: 'elicitation/create', params: { message: 'Deep question', requestedSchema: deep }, era: 'modern', url: 'http://127.0.0.1:9/mcp', answered: false }],
    }
    const { resume } = renderPart(payload)
    const card = await screen.findByRole('button', { name: 'Decline' })
    expect(screen.queryByText(/root crashed/)).toBeNull()
    await userEvent.click(card)
    expect(resume).toHaveBeenCalledWith({ q: { action: 'decline' } })
  })

  it('a part that throws while rendering is a line of text under the tool name, and onError is told', () => {
    // A payload the runtime hands over as an object that throws when read (a revoked Proxy).
    const { proxy, revoke } = Proxy.revocable([], {})
    revoke()
    const { onError } = renderPart({ type: ROUND_PAYLOAD_TYPE, tool: 'deep_tool', round: 1, inputs: proxy })
    expect(screen.queryByText(/root crashed/)).toBeNull()
    const part = document.querySelector<HTMLElement>('[data-tool-call-id="call-1"]')!
    expect(within(part).getByText('deep_tool')).toBeTruthy()
    expect(within(part).getByRole('alert').textContent).toBe('The questions could not be shown.')
    expect(onError).toHaveBeenCalledWith(expect.any(TypeError), expect.objectContaining({ componentStack: expect.any(String) }))
  })
})
