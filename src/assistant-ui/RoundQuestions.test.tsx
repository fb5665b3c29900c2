// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import validator from '@rjsf/validator-ajv8'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ROUND_PAYLOAD_TYPE, isMcpRoundPayload, type McpRoundPayload } from './round-payload'
import { RoundQuestions } from './RoundQuestions'

afterEach(() => cleanup())

const input = (key: string, method: string, params: Record<string, unknown>) => ({ key, method, params, era: 'modern', server: undefined, url: 'http://127.0.0.1:1/mcp', answered: false })

describe('RoundQuestions', () => {
  it('shows the round’s questions, skips entries that are not questions, and resumes once with every answer', async () => {
    const payload = {
      type: ROUND_PAYLOAD_TYPE,
      tool: 'wizard',
      round: 1,
      inputs: [
        null,
        'not a question',
        { key: 7 },
        input('odd', 'something/else', {}),
        input('name', 'elicitation/create', { message: '<img src=x onerror=alert(1)> Your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } } } }),
      ],
    } as unknown as McpRoundPayload
    expect(isMcpRoundPayload(payload)).toBe(true)
    const resume = vi.fn()
    render(<RoundQuestions payload={payload} resume={resume} options={{ validator }} />)
    // The round panel is a chunk of its own (forms/lazy-round-panel.tsx), which the tool part fetches ahead; here it loads on first render.
    // The server's text is text: no element was made from it.
    expect(await screen.findByText(/<img src=x onerror=alert\(1\)> Your name\?/)).toBeTruthy()
    expect(document.querySelector('img')).toBeNull()
    const odd = document.querySelector<HTMLElement>('[data-key="odd"]')!
    await userEvent.click(within(odd).getByRole('button', { name: 'Decline' }))
    expect(resume).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }))
    expect(resume).toHaveBeenCalledTimes(1)
    expect(resume).toHaveBeenCalledWith({ odd: { action: 'decline' }, name: { action: 'decline' } })
  })

  it('tells our payloads from other interrupts', () => {
    expect(isMcpRoundPayload({ type: 'approval', round: 1, inputs: [] })).toBe(false)
    expect(isMcpRoundPayload({ type: ROUND_PAYLOAD_TYPE, round: '1', inputs: [] })).toBe(false)
    expect(isMcpRoundPayload(null)).toBe(false)
  })
})
