// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApprovalCard } from './ApprovalCard'

afterEach(cleanup)

const server = { name: 'writer', version: '0.9.0' }
const sampling = {
  method: 'sampling/createMessage',
  params: {
    systemPrompt: 'You are terse.',
    messages: [
      { role: 'user', content: { type: 'text', text: 'Say hi <img src=x onerror=alert(1)>' } },
      { role: 'assistant', content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }] },
    ],
    maxTokens: 20,
  },
  server,
  url: 'https://mcp.writer.example/mcp',
}

describe('ApprovalCard: sampling', () => {
  it('shows the messages as text and who asks; without a sampling function only Decline', async () => {
    const onRespond = vi.fn()
    const { container } = render(<ApprovalCard input={sampling} onRespond={onRespond} />)
    const card = screen.getByRole('group', { name: 'The server asks to use your AI model' })
    expect(card.querySelector('.mcp-elicit-server')!.textContent).toBe('Asked by writer 0.9.0 (mcp.writer.example)')
    expect(within(card).getByText('You are terse.')).toBeTruthy()
    expect(within(card).getByText('Say hi <img src=x onerror=alert(1)>')).toBeTruthy()
    expect(within(card).getByText('[image content not shown]')).toBeTruthy()
    expect(container.querySelector('img, script')).toBeNull()
    expect(within(card).getAllByRole('button').map((b) => b.textContent)).toEqual(['Decline'])
    await userEvent.click(within(card).getByRole('button', { name: 'Decline' }))
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'decline' }]])
  })

  it('Approve generates with the app function, shows the answer for review, Send sends it', async () => {
    const answer = { role: 'assistant', content: { type: 'text', text: 'Hi.' }, model: 'local-1', stopReason: 'endTurn' }
    const onSampling = vi.fn(async () => answer)
    const onRespond = vi.fn()
    render(<ApprovalCard input={sampling} onRespond={onRespond} onSampling={onSampling} />)
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }))
    expect(onSampling).toHaveBeenCalledWith(sampling.params, { signal: expect.any(AbortSignal) })
    expect(await screen.findByText('Hi.')).toBeTruthy()
    expect(onRespond).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(onRespond.mock.calls).toStrictEqual([[answer]])
  })

  it('reports a failing sampling function and still lets the person decline', async () => {
    const onRespond = vi.fn()
    render(<ApprovalCard input={sampling} onRespond={onRespond} onSampling={async () => Promise.reject(new Error('model offline'))} />)
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Could not generate an answer: model offline')
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }))
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'decline' }]])
  })

  it('declining while generating aborts the app function', async () => {
    let signal: AbortSignal | undefined
    const onRespond = vi.fn()
    render(<ApprovalCard input={sampling} onRespond={onRespond} onSampling={(_params, context) => ((signal = context.signal), new Promise(() => {}))} />)
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }))
    expect(screen.getByRole('status').textContent).toBe('Generating…')
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }))
    expect(signal?.aborted).toBe(true)
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'decline' }]])
  })
})

describe('ApprovalCard: roots', () => {
  const input = { method: 'roots/list', params: {}, server }

  it('lists the roots to share; Approve sends them', async () => {
    const onRespond = vi.fn()
    const roots = [{ uri: 'file:///home/ada/project', name: 'Project' }]
    render(<ApprovalCard input={input} onRespond={onRespond} roots={roots} />)
    const card = screen.getByRole('group', { name: 'The server asks which folders it may use' })
    expect(within(card).getByText('file:///home/ada/project')).toBeTruthy()
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }))
    expect(onRespond.mock.calls).toStrictEqual([[{ roots }]])
  })

  it('resolves a roots function only after approval', async () => {
    const onRespond = vi.fn()
    const roots = vi.fn(async () => [{ uri: 'file:///tmp' }])
    render(<ApprovalCard input={input} onRespond={onRespond} roots={roots} />)
    expect(roots).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }))
    await waitFor(() => expect(onRespond.mock.calls).toStrictEqual([[{ roots: [{ uri: 'file:///tmp' }] }]]))
  })

  it('Decline shares no roots; without roots only Decline is offered', async () => {
    const onRespond = vi.fn()
    render(<ApprovalCard input={input} onRespond={onRespond} />)
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Decline'])
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }))
    expect(onRespond.mock.calls).toStrictEqual([[{ roots: [] }]])
  })
})
