// @vitest-environment jsdom
import { useState } from 'react'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import validator from '@rjsf/validator-ajv8'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import type { InputResponse, McpClient, McpResult, PendingInput } from '../core/index'
import { McpProvider } from '../react/index'
import { CardBoundary } from './CardBoundary'
import { ElicitationForm } from './ElicitationForm'
import { InputRequestPanel } from './InputRequestPanel'
import { McpToolCall } from './McpToolCall'

// React reports every error a boundary caught with console.error; the tests check onError instead.
let consoleError: MockInstance<typeof console.error>
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  cleanup()
  consoleError.mockRestore()
})

const boom = new Error('theme exploded')
function Exploding(): never {
  throw boom
}

const base = { era: 'modern' as const, server: { name: 'shop', version: '1' }, url: 'https://mcp.shop.example/mcp', answered: false }
const form: PendingInput = {
  ...base,
  key: 'address',
  method: 'elicitation/create',
  params: { message: 'Where to?', requestedSchema: { type: 'object', properties: { city: { type: 'string', title: 'City' } } } },
}
const sampling: PendingInput = { ...base, key: 'llm', method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: 'Hi' } }], maxTokens: 5 } }
const roots: PendingInput = { ...base, key: 'roots', method: 'roots/list', params: {} }
const unknown: PendingInput = { ...base, key: 'future', method: 'tasks/approve', params: {} }

/** Answers mark inputs answered, as the reducer does. */
function Round({ inputs, onRespond, ...rest }: { inputs: PendingInput[]; onRespond: (key: string, response: InputResponse) => void } & Record<string, unknown>) {
  const [state, setState] = useState(inputs)
  const respond = (key: string, response: InputResponse) => {
    onRespond(key, response)
    setState((old) => old.map((input) => (input.key === key ? { ...input, answered: true, response } : input)))
  }
  return <InputRequestPanel status="awaiting_input" round={1} inputs={state} respond={respond} validator={validator} {...rest} />
}

const fallbacks = () => [...document.querySelectorAll<HTMLElement>('.mcp-elicit-fallback')]

describe('a card that cannot be rendered', () => {
  it('in a panel: only that card is replaced, its Decline and Skip question answer, onError is told', async () => {
    const onRespond = vi.fn()
    const onError = vi.fn()
    render(<Round inputs={[form, roots]} onRespond={onRespond} roots={[{ uri: 'file:///srv' }]} theme={{ Form: Exploding }} onError={onError} />)
    // The approval card is a chunk of its own (lazy-parts.tsx): wait until it is there.
    const approval = await screen.findByRole('group', { name: 'The server asks which folders it may use' })
    const [fallback] = fallbacks()
    expect(fallbacks()).toHaveLength(1)
    expect(fallback!.closest('li')!.dataset.key).toBe('address')
    expect(screen.getByRole('group', { name: 'This request could not be shown. You can still say no to it.' })).toBe(fallback)
    expect(fallback!.dataset.state).toBe('failed')
    expect(within(fallback!).getAllByRole('button').map((button) => button.textContent)).toEqual(['Decline', 'Skip question'])
    // The other card of the round is untouched.
    expect(screen.getByRole('group', { name: 'The server asks which folders it may use' })).toBe(approval)
    expect(onError).toHaveBeenCalledTimes(1)
    expect(onError.mock.calls[0]![0]).toBe(boom)
    expect(onError.mock.calls[0]![1].componentStack).toContain('Exploding')

    await userEvent.click(within(fallback!).getByRole('button', { name: 'Skip question' }))
    expect(onRespond.mock.calls).toStrictEqual([['address', { action: 'cancel' }]])
    expect(fallbacks()).toHaveLength(0)
  })

  it('Decline in the fallback answers like the card would, per kind', async () => {
    const onRespond = vi.fn()
    const onError = vi.fn()
    // A translation that throws breaks sampling, roots and unknown cards alike.
    const messages = {
      role: () => {
        throw boom
      },
      unknownRequest: () => {
        throw boom
      },
    }
    render(<Round inputs={[sampling, unknown]} onRespond={onRespond} messages={messages} onError={onError} />)
    // The sampling card fails once its chunk is there (lazy-parts.tsx).
    await waitFor(() => expect(fallbacks()).toHaveLength(2))
    for (const fallback of fallbacks()) expect(within(fallback).getAllByRole('button').map((button) => button.textContent)).toEqual(['Decline'])
    await userEvent.click(within(fallbacks()[0]!).getByRole('button', { name: 'Decline' }))
    await userEvent.click(within(fallbacks()[0]!).getByRole('button', { name: 'Decline' }))
    expect(onRespond.mock.calls).toStrictEqual([
      ['llm', { action: 'decline' }],
      ['future', { action: 'decline' }],
    ])
    expect(onError).toHaveBeenCalledTimes(2)
  })

  it('roots: the fallback declines with an empty list', async () => {
    const onRespond = vi.fn()
    const throwingRoots = {
      askedBy: () => {
        throw boom
      },
    }
    render(<Round inputs={[roots]} onRespond={onRespond} messages={throwingRoots} />)
    await waitFor(() => expect(fallbacks()).toHaveLength(1))
    await userEvent.click(within(fallbacks()[0]!).getByRole('button', { name: 'Decline' }))
    expect(onRespond.mock.calls).toStrictEqual([['roots', { roots: [] }]])
  })

  it('a standalone form falls back by itself and answers once', async () => {
    const onRespond = vi.fn()
    const onError = vi.fn()
    render(<ElicitationForm request={form.params} onRespond={onRespond} theme={{ Form: Exploding }} onError={onError} className="mine" />)
    // The theme's Form renders once the default validator has loaded.
    const [fallback] = await waitFor(() => {
      expect(fallbacks()).toHaveLength(1)
      return fallbacks()
    })
    expect(fallback!.classList.contains('mine')).toBe(true)
    await userEvent.click(within(fallback!).getByRole('button', { name: 'Decline' }))
    expect(within(fallback!).getByRole('button', { name: 'Skip question' })).toHaveProperty('disabled', true)
    expect(fallback!.dataset.state).toBe('answered')
    expect(within(fallback!).getByRole('status').textContent).toBe('Answer sent.')
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'decline' }]])
    expect(onError).toHaveBeenCalledOnce()
  })

  it('takes replacement texts', async () => {
    render(<ElicitationForm request={form.params} onRespond={() => {}} theme={{ Form: Exploding }} messages={{ cardFailed: 'Kaputt.', decline: 'Nein', skipQuestion: 'Überspringen' }} />)
    const fallback = await screen.findByRole('group', { name: 'Kaputt.' })
    expect(within(fallback).getAllByRole('button').map((button) => button.textContent)).toEqual(['Nein', 'Überspringen'])
  })
})

describe('CardBoundary', () => {
  it('renders the children again when resetKey changes', () => {
    let fail = true
    function Sometimes() {
      if (fail) throw boom
      return <p>fine</p>
    }
    const view = render(
      <CardBoundary resetKey={1} fallback={(error) => <p>failed: {(error as Error).message}</p>}>
        <Sometimes />
      </CardBoundary>,
    )
    expect(screen.getByText('failed: theme exploded')).toBeTruthy()
    fail = false
    view.rerender(
      <CardBoundary resetKey={1} fallback={() => <p>failed</p>}>
        <Sometimes />
      </CardBoundary>,
    )
    expect(screen.queryByText('fine')).toBeNull()
    view.rerender(
      <CardBoundary resetKey={2} fallback={() => <p>failed</p>}>
        <Sometimes />
      </CardBoundary>,
    )
    expect(screen.getByText('fine')).toBeTruthy()
  })
})

describe('McpToolCall: a result that cannot be rendered', () => {
  it('is replaced by a notice, onError is told, and the call can run again', async () => {
    let runs = 0
    const client = {
      url: 'https://fake.example/mcp',
      run: async (): Promise<McpResult> => ({ content: [{ type: 'text', text: `run ${++runs}` }] }),
    } as unknown as McpClient
    const onError = vi.fn()
    const renderResult = (result: McpResult) => {
      const text = (result.content as Array<{ text: string }>)[0]!.text
      if (text === 'run 1') throw boom
      return <output>{text}</output>
    }
    const { container } = render(
      <McpProvider client={client}>
        <McpToolCall name="t" autoRun renderResult={renderResult} onError={onError} />
      </McpProvider>,
    )
    const section = container.querySelector<HTMLElement>('.mcp-elicit-call')!
    await waitFor(() => expect(section.dataset.state).toBe('done'))
    expect(within(section).getByText('Result')).toBeTruthy()
    expect(within(section).getByText('This result could not be shown.')).toBeTruthy()
    expect(onError).toHaveBeenCalledWith(boom, expect.objectContaining({ componentStack: expect.any(String) }))
    // A new result is a new chance to render.
    await userEvent.click(within(section).getByRole('button', { name: 'Run t' }))
    expect(await within(section).findByText('run 2')).toBeTruthy()
    expect(within(section).queryByText('This result could not be shown.')).toBeNull()
  })
})
