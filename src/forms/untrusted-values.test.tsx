// @vitest-environment jsdom
/**
 * Values no string can be made of, where the server should have sent text:
 * an object whose `toString` is not a function makes `String(value)`, a
 * template literal and React's attribute stringification throw, and a
 * `structuredContent` nested ten thousand deep makes `JSON.stringify` run
 * out of stack. None of it may unmount the page, and every question stays
 * answerable.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import validator from '@rjsf/validator-ajv8'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { McpClient, McpResult, PendingInput } from '../core/index'
import { McpProvider } from '../react/index'
import { ApprovalCard } from './ApprovalCard'
import { ElicitationForm } from './ElicitationForm'
import { InputRequestPanel } from './InputRequestPanel'
import { McpToolCall } from './McpToolCall'
import { UrlElicitation } from './UrlElicitation'

afterEach(cleanup)

/** As JSON.parse makes it from `{"toString":1}`. */
const unprintable = () => JSON.parse('{"toString":1}') as Record<string, unknown>

it('the hostile value really cannot be turned into a string', () => {
  expect(() => String(unprintable())).toThrow(TypeError)
  expect(() => `${unprintable()}`).toThrow(TypeError)
})

const hostileServer = { name: unprintable(), title: unprintable(), version: unprintable() }

function inputs(): PendingInput[] {
  const base = { era: 'modern' as const, server: hostileServer as unknown as PendingInput['server'], url: 'https://mcp.example.com/mcp', answered: false }
  return [
    {
      ...base,
      key: 'form',
      method: 'elicitation/create',
      params: { message: 'Your city?', requestedSchema: { type: 'object', properties: { city: { type: 'string', title: 'City' } } } },
    },
    { ...base, key: 'url', method: 'elicitation/create', params: { mode: 'url', message: 'Pay here', url: 'https://pay.example.com/' } },
    {
      ...base,
      key: 'sampling',
      method: 'sampling/createMessage',
      params: { messages: [{ role: 'user', content: { type: unprintable(), text: unprintable() } }], maxTokens: 5 },
    },
    { ...base, key: 'roots', method: 'roots/list', params: {} },
    { ...base, key: 'odd', method: unprintable() as unknown as string, params: {} },
  ]
}

describe('hostile serverInfo, method and content blocks', () => {
  it('every card of the round renders, shows the values as JSON text, and can be declined', async () => {
    const respond = vi.fn()
    render(<InputRequestPanel status="awaiting_input" round={1} inputs={inputs()} respond={respond} validator={validator} />)
    const lines = () => [...document.querySelectorAll('.mcp-elicit-server')].map((line) => line.textContent)
    // The URL and approval cards are chunks of their own (lazy-parts.tsx): they come a moment after the form.
    await waitFor(() => expect(lines()).toEqual(Array(4).fill('Asked by {"toString":1} {"toString":1} (mcp.example.com)')))
    expect(screen.getByText('[{"toString":1} content not shown]')).toBeTruthy()
    expect(screen.getByText('The server sent a request this app does not understand ({"toString":1}).')).toBeTruthy()
    expect(document.querySelector('.mcp-elicit-request[data-key="odd"]')!.getAttribute('data-method')).toBe('{"toString":1}')
    expect(document.querySelector('.mcp-elicit-fallback')).toBeNull()

    for (const name of ['Your city?', 'Pay here', 'The server asks to use your AI model', 'The server asks which folders it may use']) {
      await userEvent.click(within(screen.getByRole('group', { name })).getByRole('button', { name: 'Decline' }))
    }
    await userEvent.click(within(document.querySelector<HTMLElement>('.mcp-elicit-unknown')!).getByRole('button', { name: 'Decline' }))
    expect(respond.mock.calls).toStrictEqual([
      ['form', { action: 'decline' }],
      ['url', { action: 'decline' }],
      ['sampling', { action: 'decline' }],
      ['roots', { roots: [] }],
      ['odd', { action: 'decline' }],
    ])
  })

  it('standalone cards take serverInfo that is not even an object', () => {
    for (const server of ['just a string', [1, 2], 42, null]) {
      render(<ElicitationForm request={{ message: 'Q?', requestedSchema: { type: 'object', properties: {} } }} server={server as never} url="https://mcp.example.com/mcp" onRespond={() => {}} />)
      render(<UrlElicitation request={{ message: 'Open?', url: 'https://example.com/' }} server={server as never} url="https://mcp.example.com/mcp" onRespond={() => {}} />)
      render(<ApprovalCard input={{ method: 'roots/list', params: {}, server: server as never, url: 'https://mcp.example.com/mcp' }} onRespond={() => {}} />)
      expect([...document.querySelectorAll('.mcp-elicit-server')].map((line) => line.textContent)).toEqual(Array(3).fill('Asked by mcp.example.com'))
      cleanup()
    }
  })
})

/** A client whose `run` answers at once with `result`, as the observer calls it. */
function answering(result: McpResult): McpClient {
  return { url: 'https://fake.example/mcp', run: async () => result } as unknown as McpClient
}

function renderCall(result: McpResult) {
  const { container } = render(
    <McpProvider client={answering(result)}>
      <McpToolCall name="t" autoRun />
    </McpProvider>,
  )
  return container.querySelector<HTMLElement>('section.mcp-elicit-call')!
}

/** Waits for the call to end and its result to be drawn: the result renderer is a chunk of its own (lazy-parts.tsx). */
async function shownResult(section: HTMLElement) {
  await waitFor(() => expect(section.dataset.state).toBe('done'))
  await waitFor(() => expect(section.querySelector('.mcp-elicit-tool-result')).not.toBeNull())
}

describe('hostile results', () => {
  it('content blocks with unprintable type and text', async () => {
    const section = renderCall({ content: [{ type: unprintable(), text: unprintable() }, { type: 'text', text: 'fine' }] } as unknown as McpResult)
    await shownResult(section)
    const blocks = [...section.querySelectorAll('.mcp-elicit-content-block')]
    expect(blocks.map((block) => [block.getAttribute('data-type'), block.textContent])).toEqual([
      ['{"toString":1}', '[{"toString":1} content not shown]'],
      ['text', 'fine'],
    ])
  })

  it('structuredContent nested 10,000 deep is shown cut, not thrown', async () => {
    let deep: unknown = 'bottom'
    for (let i = 0; i < 10_000; i++) deep = { a: deep }
    expect(() => JSON.stringify(deep, null, 2)).toThrow(RangeError)
    const section = renderCall({ content: [], structuredContent: deep } as unknown as McpResult)
    await shownResult(section)
    const shown = section.querySelector('.mcp-elicit-result-structured')!.textContent!
    expect(shown.startsWith('{\n  "a": {\n    "a": {')).toBe(true)
    expect(shown).toContain('{…}')
    expect(shown).not.toContain('bottom')
    expect(shown.length).toBeLessThan(2_000)
    // The call's buttons are still there.
    expect(within(section).getByRole('button', { name: 'Run t' })).toBeTruthy()
  })

  it('a huge structuredContent is cut to a bounded length', async () => {
    const section = renderCall({ content: [], structuredContent: { rows: Array.from({ length: 200_000 }, (_, i) => ({ id: i })) } } as unknown as McpResult)
    await shownResult(section)
    const shown = section.querySelector('.mcp-elicit-result-structured')!.textContent!
    expect(shown.endsWith('…')).toBe(true)
    expect(shown.length).toBeLessThanOrEqual(20_001)
  })
})
