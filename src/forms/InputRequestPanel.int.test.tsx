// @vitest-environment jsdom
import { useState } from 'react'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import validator from '@rjsf/validator-ajv8'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startModernServer, type ModernServer } from '../../servers/modern-server.ts'
import { createClient, sessionCallStorage, type InputResponse, type McpClient, type PendingInput } from '../core/index'
import { McpProvider, useMcpTool } from '../react/index'
import { InputRequestPanel } from './InputRequestPanel'

afterEach(cleanup)

const server = { name: 'shop', version: '1.2.3' }
const base = { era: 'modern' as const, server, url: 'https://mcp.shop.example/mcp', answered: false }
const formInput: PendingInput = {
  ...base,
  key: 'address',
  method: 'elicitation/create',
  params: { mode: 'form', message: 'Where should we ship?', requestedSchema: { type: 'object', properties: { city: { type: 'string', title: 'City' } }, required: ['city'] } },
}
const urlInput: PendingInput = { ...base, key: 'pay', method: 'elicitation/create', params: { mode: 'url', message: 'Pay on our site', url: 'https://pay.shop.example/checkout', elicitationId: 'p1' } }
const rootsInput: PendingInput = { ...base, key: 'roots', method: 'roots/list', params: {} }

/** A stand-in for the observer: answers mark inputs answered, like the reducer does. */
function Harness({ inputs, onRespond, ...rest }: { inputs: PendingInput[]; onRespond: (key: string, response: InputResponse) => void } & Record<string, unknown>) {
  const [state, setState] = useState(inputs)
  const respond = (key: string, response: InputResponse) => {
    onRespond(key, response)
    setState((old) => old.map((input) => (input.key === key ? { ...input, answered: true, response } : input)))
  }
  return <InputRequestPanel status="awaiting_input" round={1} inputs={state} respond={respond} validator={validator} {...rest} />
}

describe('InputRequestPanel', () => {
  it('renders nothing unless awaiting input', () => {
    const { container } = render(<InputRequestPanel status="running" inputs={[formInput]} respond={() => {}} />)
    expect(container.innerHTML).toBe('')
  })

  it('shows every pending request of the round and answers them one by one, per key', async () => {
    const onRespond = vi.fn()
    render(<Harness inputs={[formInput, urlInput, rootsInput]} onRespond={onRespond} roots={[{ uri: 'file:///srv' }]} autoFocus />)
    const panel = screen.getByRole('group', { name: 'The server is waiting for 3 answers (0 of 3 given).' })
    expect(panel.dataset.state).toBe('awaiting_input')
    const cards = () => within(panel).getAllByRole('group').filter((r) => r.parentElement?.tagName === 'LI')
    // The URL and approval cards are chunks of their own (lazy-parts.tsx): they come a moment after the form
    // (waits get 5 s here: test/support/dom-setup.ts).
    await waitFor(() => expect(cards().map((r) => r.getAttribute('class'))).toEqual(['mcp-elicit-form', 'mcp-elicit-url', 'mcp-elicit-approval']))
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^City/ }))

    await userEvent.keyboard('Lyon{Enter}')
    await waitFor(() => expect(onRespond).toHaveBeenCalledTimes(1))
    expect(onRespond).toHaveBeenLastCalledWith('address', { action: 'accept', content: { city: 'Lyon' } })
    expect(screen.queryByRole('group', { name: 'Where should we ship?' })).toBeNull()
    expect(screen.getByRole('group', { name: /1 of 3 given/ })).toBeTruthy()
    // Focus stays in the round for keyboard users.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open pay.shop.example' }))

    await userEvent.click(within(screen.getByRole('group', { name: 'Pay on our site' })).getByRole('button', { name: 'Decline' }))
    expect(onRespond).toHaveBeenLastCalledWith('pay', { action: 'decline' })
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }))
    expect(onRespond).toHaveBeenLastCalledWith('roots', { roots: [{ uri: 'file:///srv' }] })
    expect(screen.queryByRole('group')).toBeNull()
    expect(onRespond).toHaveBeenCalledTimes(3)
  })

  it('skips inputs the host already answered', () => {
    render(<InputRequestPanel status="awaiting_input" inputs={[{ ...rootsInput, answered: true, response: { roots: [] } }, formInput]} respond={() => {}} validator={validator} />)
    const panel = screen.getByRole('group', { name: 'The server is waiting for 2 answers (1 of 2 given).' })
    expect(within(panel).getAllByRole('group').filter((r) => r.parentElement?.tagName === 'LI').map((r) => r.className)).toEqual(['mcp-elicit-form'])
  })

  it('starts forms from earlier answers (initialAnswers by key)', async () => {
    const onRespond = vi.fn()
    render(<Harness inputs={[formInput]} onRespond={onRespond} initialAnswers={{ address: { action: 'accept', content: { city: 'Nantes' } } }} />)
    expect(screen.getByRole('textbox', { name: /^City/ })).toHaveProperty('value', 'Nantes')
  })

  it('starts a form from its draft, over an earlier answer, and passes what is typed to saveDraft by key', async () => {
    const saveDraft = vi.fn()
    render(
      <Harness
        inputs={[{ ...formInput, draft: { city: 'Bordeaux' } }]}
        onRespond={() => {}}
        initialAnswers={{ address: { action: 'accept', content: { city: 'Nantes' } } }}
        saveDraft={saveDraft}
      />,
    )
    const city = screen.getByRole('textbox', { name: /^City/ })
    expect(city).toHaveProperty('value', 'Bordeaux')
    await userEvent.type(city, 'x')
    expect(saveDraft).toHaveBeenLastCalledWith('address', { city: 'Bordeauxx' })
  })

  it('says the server waits for the person, and every card words its actions the same way, with one primary action', async () => {
    const onRespond = vi.fn()
    const broken: PendingInput = { ...base, key: 'broken', method: 'elicitation/create', params: { mode: 'form', message: 'Broken', requestedSchema: { type: 'object', properties: { x: { type: 'string' } } } } }
    const Exploding = () => {
      throw new Error('boom')
    }
    const samplingInput: PendingInput = { ...base, key: 'sampling', method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: 'Hi' } }] } }
    render(<Harness inputs={[formInput, urlInput, rootsInput, samplingInput]} onRespond={onRespond} roots={[{ uri: 'file:///srv' }]} onSampling={async () => ({ role: 'assistant', content: { type: 'text', text: 'Hello' }, model: 'm' })} onError={() => {}} />)
    const panel = screen.getByRole('group', { name: 'The server is waiting for 4 answers (0 of 4 given).' })
    // One line says it, heading and status at once (not a heading over a second status line).
    expect(within(panel).getAllByRole('status').map((status) => status.textContent)).toEqual(['The server is waiting for 4 answers (0 of 4 given).'])
    const cards = [...panel.querySelectorAll<HTMLElement>('.mcp-elicit-request > [role="group"]')]
    const buttons = (card: HTMLElement) => within(card).getAllByRole('button').map((button) => button.textContent)
    const primary = (card: HTMLElement) => [...card.querySelectorAll('.mcp-elicit-primary')].map((button) => button.textContent)
    expect(cards.map(buttons)).toEqual([
      ['Accept', 'Decline', 'Skip question'],
      ['Open pay.shop.example', 'Decline', 'Skip question'],
      ['Approve', 'Decline'],
      ['Approve', 'Decline'],
    ])
    expect(cards.map(primary)).toEqual([['Accept'], ['Open pay.shop.example'], ['Approve'], ['Approve']])
    // Skip question answers that one question only.
    await userEvent.click(within(cards[0]!).getByRole('button', { name: 'Skip question' }))
    expect(onRespond.mock.calls).toEqual([['address', { action: 'cancel' }]])
    cleanup()

    // A card that failed: the same words.
    render(<Harness inputs={[broken]} onRespond={onRespond} theme={{ Form: Exploding }} onError={() => {}} />)
    const fallback = document.querySelector<HTMLElement>('.mcp-elicit-fallback')!
    expect(buttons(fallback)).toEqual(['Decline', 'Skip question'])
  })

  it('takes replacement texts for the waiting line and Skip question', () => {
    render(<Harness inputs={[formInput]} onRespond={() => {}} messages={{ roundHeading: () => 'Der Server wartet auf Ihre Antwort.', skipQuestion: 'Frage überspringen' }} />)
    expect(screen.getByRole('group', { name: 'Der Server wartet auf Ihre Antwort.' })).toBeTruthy()
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual(['Der Server wartet auf Ihre Antwort.'])
    expect(screen.getByRole('button', { name: 'Frage überspringen' })).toBeTruthy()
  })

  it('lets an unknown request be declined so the round can go on', async () => {
    const onRespond = vi.fn()
    render(<Harness inputs={[{ ...base, key: 'x', method: 'future/thing', params: {} }]} onRespond={onRespond} />)
    expect(screen.getByText(/does not understand \(future\/thing\)/)).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }))
    expect(onRespond).toHaveBeenCalledWith('x', { action: 'decline' })
  })
})

describe('InputRequestPanel with useMcpTool against a real server', () => {
  let mcp: ModernServer
  let client: McpClient
  beforeAll(async () => {
    mcp = await startModernServer()
    client = createClient(mcp.url, { capabilities: { elicitation: { form: {}, url: {} } } })
  })
  afterAll(async () => {
    await mcp.close()
  })

  function TwoQuestions() {
    const tool = useMcpTool('two_questions')
    return (
      <div data-testid="call" data-state={tool.status}>
        <button type="button" onClick={() => void tool.call()}>
          Go
        </button>
        <InputRequestPanel {...tool} validator={validator} />
        {tool.status === 'done' && <output>{String((tool.result.content as Array<{ text: string }>)[0]!.text)}</output>}
      </div>
    )
  }

  it('answers both questions of one round; the observer retries once with both answers', async () => {
    render(
      <McpProvider client={client}>
        <TwoQuestions />
      </McpProvider>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Go' }))
    const first = await screen.findByRole('group', { name: 'First question: your city?' })
    const second = screen.getByRole('group', { name: 'Second question: subscribe?' })
    expect(screen.getByTestId('call').dataset.state).toBe('awaiting_input')
    await userEvent.type(within(first).getByRole('textbox', { name: /^City/ }), 'Oslo')
    await userEvent.click(within(first).getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(screen.queryByRole('group', { name: 'First question: your city?' })).toBeNull())
    const callsBefore = mcp.requests.filter((r) => r.rpcMethod === 'tools/call').length
    await userEvent.click(within(second).getByRole('checkbox', { name: 'Subscribe' }))
    await userEvent.click(within(second).getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(screen.getByTestId('call').dataset.state).toBe('done'))
    const retries = mcp.requests.filter((r) => r.rpcMethod === 'tools/call').slice(callsBefore)
    expect(retries).toHaveLength(1)
    expect((retries[0]!.body as { params: { inputResponses: unknown } }).params.inputResponses).toStrictEqual({
      first: { action: 'accept', content: { city: 'Oslo' } },
      second: { action: 'accept', content: { subscribe: true } },
    })
  })

  function Drafted({ storageKey }: { storageKey: string }) {
    const tool = useMcpTool('ask_name', { storage: sessionCallStorage(), storageKey, restore: true })
    return (
      <div data-testid="call" data-state={tool.status}>
        <button type="button" onClick={() => void tool.call()}>
          Go
        </button>
        <InputRequestPanel {...tool} validator={validator} />
        {tool.status === 'done' && <output>{String((tool.result.content as Array<{ text: string }>)[0]!.text)}</output>}
      </div>
    )
  }

  it('what was typed but not sent survives a reload (the spread passes saveDraft; the restored input carries the draft)', async () => {
    const storageKey = `draft-${Math.random()}`
    const firstPage = render(
      <McpProvider client={createClient(mcp.url, { capabilities: { elicitation: { form: {} } } })}>
        <Drafted storageKey={storageKey} />
      </McpProvider>,
    )
    await userEvent.click(firstPage.getByRole('button', { name: 'Go' }))
    await userEvent.type(within(await firstPage.findByRole('group', { name: 'What is your name?' })).getByRole('textbox', { name: /^Name/ }), 'Ad')
    await waitFor(() => expect(JSON.parse(sessionStorage.getItem(`mcp-elicit:${storageKey}`)!).drafts).toEqual({ name: { name: 'Ad' } }))

    // "Reload": a new client and tree over the same sessionStorage.
    const calls = mcp.requests.filter((r) => r.rpcMethod === 'tools/call').length
    const secondPage = render(
      <McpProvider client={createClient(mcp.url, { capabilities: { elicitation: { form: {} } } })}>
        <Drafted storageKey={storageKey} />
      </McpProvider>,
      { container: document.body.appendChild(document.createElement('div')) },
    )
    const name = within(await secondPage.findByRole('group', { name: 'What is your name?' })).getByRole('textbox', { name: /^Name/ })
    expect(name).toHaveProperty('value', 'Ad')
    await userEvent.type(name, 'a{Enter}')
    expect((await secondPage.findByRole('status')).textContent).toBe('hello Ada')
    expect(mcp.requests.filter((r) => r.rpcMethod === 'tools/call').length - calls).toBe(1)
    sessionStorage.clear()
  })
})
