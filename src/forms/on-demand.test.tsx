// @vitest-environment jsdom
/**
 * What the forms load on demand. The default validator
 * (`default-validator.ts`): a form with a validator of its own shows its
 * fields at once and never loads the no-eval validator; one without is
 * `aria-busy` until that is there, then shows its fields and validates with it
 * (and, with `autoFocus`, focuses the first one unless the person has gone
 * elsewhere meanwhile); a failed load leaves the card's fallback, which still
 * declines. The file
 * input (`lazy-file-widget.tsx`): a form without a file field never loads
 * `file-widget.tsx`; in one with, the other fields are usable while it loads,
 * and what was typed there stays when it arrives. The date-time widget
 * (`lazy-date-time.ts`): a form without a date-time field never loads
 * `date-time-widget.tsx`; one with is `aria-busy` until it is there, then
 * shows all its fields at once, its default read; a failed load puts a line
 * and Try again in place of the fields, Decline and Skip question still
 * answer. The round panel (`lazy-round-panel.tsx`): `McpToolCall` fetches it
 * once it has painted, before it is run; while it loads, the working line
 * stands where the round goes, then the questions show with focus on the
 * first field; a failed load puts a line and Try again in its place, and
 * Try again loads it anew. Each test starts from fresh modules, so nothing
 * is loaded yet.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import validator from '@rjsf/validator-ajv8'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PendingInput } from '../core/index'
import { noEvalValidator } from './no-eval-validator'

afterEach(() => {
  cleanup()
  vi.doUnmock('./no-eval-validator')
  vi.doUnmock('./file-widget')
  vi.doUnmock('./date-time-widget')
  vi.doUnmock('./round-panel')
  vi.resetModules()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

/** Holds the load of a module of this folder until the returned function is called. */
function holdLoad(path: './file-widget' | './date-time-widget' | './round-panel'): () => void {
  let release = () => {}
  const gate = new Promise<void>((resolve) => (release = resolve))
  vi.doMock(path, async (importOriginal) => {
    await gate
    return importOriginal()
  })
  return () => release()
}

/** Makes the load of a module of this folder fail as an unreachable chunk does (React's report of the caught error silenced). */
function failLoad(path: './no-eval-validator' | './date-time-widget') {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.doMock(path, () => {
    throw new TypeError('Failed to fetch dynamically imported module')
  })
}

/** Counts the loads of a module of this folder. */
function watchLoads(path: './no-eval-validator' | './file-widget' | './date-time-widget' | './round-panel') {
  const loaded = vi.fn()
  vi.doMock(path, async (importOriginal) => {
    loaded()
    return importOriginal()
  })
  return loaded
}

describe('the default validator', () => {
  const request = { message: 'Code?', requestedSchema: { type: 'object', properties: { code: { type: 'string', title: 'Code', minLength: 3 } }, required: ['code'] } }

  it('with a validator of its own, the fields are there at once and the no-eval validator is never loaded', async () => {
    const loaded = watchLoads('./no-eval-validator')
    const { ElicitationForm } = await import('./ElicitationForm')
    render(<ElicitationForm request={request} validator={validator} onRespond={vi.fn()} />)
    const card = screen.getByRole('group', { name: 'Code?' })
    expect(screen.getByRole('textbox', { name: /^Code/ })).toBeTruthy()
    expect([card.getAttribute('aria-busy'), card.dataset.validator]).toEqual([null, 'custom'])
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    expect((await screen.findByRole('alert')).textContent).toMatch(/^1 answer needs attention/)
    expect(loaded).not.toHaveBeenCalled()
  })

  it('without one, the card is busy until the no-eval validator is loaded, then validates with it and sends; nothing tries to generate code', async () => {
    // The default is chosen without a probe: under a strict CSP a `new Function` attempt is a violation the browser reports.
    const generate = vi.fn(() => {
      throw new EvalError("Refused to evaluate a string as JavaScript because 'unsafe-eval' is not an allowed source")
    })
    vi.stubGlobal('Function', new Proxy(Function, { construct: generate, apply: generate }))
    const onRespond = vi.fn()
    const { ElicitationForm } = await import('./ElicitationForm')
    render(<ElicitationForm request={request} onRespond={onRespond} />)
    const card = screen.getByRole('group', { name: 'Code?' })
    expect(card.getAttribute('aria-busy')).toBe('true')
    expect(screen.queryByRole('textbox')).toBeNull()
    const code = await screen.findByRole('textbox', { name: /^Code/ })
    expect([card.getAttribute('aria-busy'), card.dataset.validator]).toEqual([null, 'no-eval'])
    await userEvent.type(code, 'ab')
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    expect((await screen.findByRole('alert')).textContent).toMatch(/^1 answer needs attention/)
    await userEvent.type(code, 'c')
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { code: 'abc' } }]])
    expect(generate).not.toHaveBeenCalled()
  })

  it('with autoFocus, the first field takes focus once it is there', async () => {
    const { ElicitationForm } = await import('./ElicitationForm')
    render(<ElicitationForm request={request} onRespond={vi.fn()} autoFocus />)
    const code = await screen.findByRole('textbox', { name: /^Code/ })
    await waitFor(() => expect(document.activeElement).toBe(code))
  })

  it('with autoFocus, focus the person moved elsewhere while the fields loaded stays there', async () => {
    const { ElicitationForm } = await import('./ElicitationForm')
    render(
      <>
        <input aria-label="Chat" />
        <ElicitationForm request={request} onRespond={vi.fn()} autoFocus />
      </>,
    )
    const chat = screen.getByRole('textbox', { name: 'Chat' })
    chat.focus()
    const code = await screen.findByRole('textbox', { name: /^Code/ })
    // Typing goes on where it was (keyboard only: no click to move focus back).
    await userEvent.keyboard('hi')
    expect([document.activeElement, code.matches(':focus'), (chat as HTMLInputElement).value, (code as HTMLInputElement).value]).toEqual([chat, false, 'hi', ''])
  })

  it('a confirmation (no fields) needs no validator: its Accept is there at once', async () => {
    const onRespond = vi.fn()
    const { ElicitationForm } = await import('./ElicitationForm')
    render(<ElicitationForm request={{ message: 'Go?', requestedSchema: { type: 'object', properties: {} } }} onRespond={onRespond} />)
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: {} }]])
  })

  it('a default validator that cannot be loaded leaves the fallback card: onError is told, Decline still answers', async () => {
    failLoad('./no-eval-validator')
    const onRespond = vi.fn()
    const onError = vi.fn()
    const { ElicitationForm } = await import('./ElicitationForm')
    render(<ElicitationForm request={request} onRespond={onRespond} onError={onError} />)
    const fallback = await screen.findByRole('group', { name: 'This request could not be shown. You can still say no to it.' })
    await userEvent.click(within(fallback).getByRole('button', { name: 'Decline' }))
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'decline' }]])
    expect(onError).toHaveBeenCalledOnce()
  })
})

describe('the file input', () => {
  it('a form without a file field never loads the file widget', async () => {
    const loaded = watchLoads('./file-widget')
    const { ElicitationForm } = await import('./ElicitationForm')
    render(<ElicitationForm request={{ message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } } } }} validator={noEvalValidator} onRespond={vi.fn()} />)
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada')
    expect(loaded).not.toHaveBeenCalled()
  })

  it('while the file widget loads, the other fields take answers, and keep them once it is there', async () => {
    const release = holdLoad('./file-widget')
    const onRespond = vi.fn()
    const { ElicitationForm } = await import('./ElicitationForm')
    const requestedSchema = { type: 'object', properties: { name: { type: 'string', title: 'Name' }, scan: { type: 'string', format: 'uri', title: 'Scan', 'x-mcp-file': {} } } }
    const { container } = render(<ElicitationForm request={{ message: 'Send the scan', requestedSchema }} validator={noEvalValidator} onRespond={onRespond} />)
    expect(container.querySelector('.mcp-elicit-file-loading[aria-busy="true"]')).not.toBeNull()
    expect(container.querySelector('input[type=file]')).toBeNull()
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada')
    release()
    expect(await screen.findByLabelText('Scan')).toHaveProperty('type', 'file')
    expect(container.querySelector('.mcp-elicit-file-loading')).toBeNull()
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'Ada')
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { name: 'Ada' } }]])
  })
})

describe('the date-time widget', () => {
  const when = { type: 'object', properties: { name: { type: 'string', title: 'Name' }, departure: { type: 'string', title: 'Departure', format: 'date-time', default: '2026-11-30T14:05' } } }

  it('a form without a date-time field never loads it: the fields are there at once', async () => {
    const loaded = watchLoads('./date-time-widget')
    const onRespond = vi.fn()
    const { ElicitationForm } = await import('./ElicitationForm')
    render(<ElicitationForm request={{ message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' }, day: { type: 'string', title: 'Day', format: 'date' } } } }} validator={validator} onRespond={onRespond} />)
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada')
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { name: 'Ada' } }]])
    expect(loaded).not.toHaveBeenCalled()
  })

  it('with one, the card is busy until the widget is there, then every field shows at once, the default read as local time, focus on the first', async () => {
    const release = holdLoad('./date-time-widget')
    const onRespond = vi.fn()
    const { ElicitationForm } = await import('./ElicitationForm')
    const { fromDateTimeInput } = await import('./date-time')
    const { container } = render(<ElicitationForm request={{ message: 'When?', requestedSchema: when }} validator={validator} onRespond={onRespond} autoFocus />)
    const card = screen.getByRole('group', { name: 'When?' })
    expect(card.getAttribute('aria-busy')).toBe('true')
    expect(screen.queryByRole('textbox')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull()
    release()
    const name = await screen.findByRole('textbox', { name: 'Name' })
    const departure = container.querySelector<HTMLInputElement>('input[type="datetime-local"]')!
    expect([card.getAttribute('aria-busy'), departure.value, departure.labels?.[0]?.textContent]).toEqual([null, '2026-11-30T14:05', 'Departure'])
    await waitFor(() => expect(document.activeElement).toBe(name))
    await userEvent.type(name, 'Ada')
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { name: 'Ada', departure: fromDateTimeInput('2026-11-30T14:05') } }]])
  })

  it('once loaded, a later form with a date-time field shows its fields at once', async () => {
    const { ElicitationForm } = await import('./ElicitationForm')
    const { loadDateTimeWidget } = await import('./lazy-date-time')
    await loadDateTimeWidget()
    const { container } = render(<ElicitationForm request={{ message: 'When?', requestedSchema: when }} validator={validator} onRespond={vi.fn()} />)
    expect(container.querySelector('input[type="datetime-local"]')).not.toBeNull()
  })

  it('a widget that cannot be loaded: onError is told, a line and Try again replace the fields, Decline still answers', async () => {
    failLoad('./date-time-widget')
    const onRespond = vi.fn()
    const onError = vi.fn()
    const { ElicitationForm } = await import('./ElicitationForm')
    render(<ElicitationForm request={{ message: 'When?', requestedSchema: when }} validator={validator} onRespond={onRespond} onError={onError} />)
    expect((await screen.findByRole('alert')).textContent).toBe('The fields of this question could not be loaded.')
    const card = screen.getByRole('group', { name: 'When?' })
    expect([card.getAttribute('aria-busy'), screen.queryByRole('textbox')]).toEqual([null, null])
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
    expect(onError.mock.calls).toHaveLength(1)
    expect(onError.mock.calls[0]![0]).toMatchObject({ name: 'PartLoadError', part: 'DateTimeWidget' })
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }))
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'decline' }]])
  })

  it('Try again asks for the chunk anew: a second failure is announced again with focus kept on Try again; a success brings the fields, focus on the first', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    let failures = 2
    vi.doMock('./date-time-widget', async (importOriginal) => {
      if (failures-- > 0) throw new TypeError('Failed to fetch dynamically imported module')
      return importOriginal()
    })
    const onRespond = vi.fn()
    const onError = vi.fn()
    const { ElicitationForm } = await import('./ElicitationForm')
    const { container } = render(<ElicitationForm request={{ message: 'When?', requestedSchema: when }} validator={validator} onRespond={onRespond} onError={onError} />)
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(2))
    const retry = await screen.findByRole('button', { name: 'Try again' })
    await waitFor(() => expect(document.activeElement).toBe(retry))
    expect(screen.getByRole('alert').textContent).toBe('The fields of this question could not be loaded.')
    await userEvent.keyboard('{Enter}')
    const name = await screen.findByRole('textbox', { name: 'Name' })
    expect(container.querySelector<HTMLInputElement>('input[type="datetime-local"]')!.value).toBe('2026-11-30T14:05')
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(name))
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    expect(onRespond).toHaveBeenCalledOnce()
    expect(onError).toHaveBeenCalledTimes(2)
  })
})

describe('the round panel', () => {
  const round: PendingInput[] = [
    {
      key: 'name',
      method: 'elicitation/create',
      params: { message: 'Your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } }, required: ['name'] } },
      era: 'modern',
      server: undefined,
      url: 'http://127.0.0.1:1/mcp',
      answered: false,
    },
  ]

  it('McpToolCall fetches it once it has painted, before it is run', async () => {
    const loaded = watchLoads('./round-panel')
    const [{ McpToolCall }, { McpProvider }, { createClient }] = await Promise.all([import('./McpToolCall'), import('../react/index'), import('../core/index')])
    // Never called: nothing is run.
    const client = createClient(new URL('http://127.0.0.1:1/mcp'))
    render(
      <McpProvider client={client}>
        <McpToolCall name="wizard" validator={validator} />
      </McpProvider>,
    )
    expect(screen.getByRole('button', { name: 'Run wizard' })).toBeTruthy()
    await waitFor(() => expect(loaded).toHaveBeenCalledOnce())
  })

  it('while it loads, the working line stands where the round goes; then the questions show, focus on the first field', async () => {
    const release = holdLoad('./round-panel')
    const respond = vi.fn()
    const { LazyInputRequestPanel } = await import('./lazy-round-panel')
    render(<LazyInputRequestPanel status="awaiting_input" inputs={round} respond={respond} validator={validator} autoFocus />)
    expect(screen.getByRole('status').textContent).toBe('Working…')
    expect(screen.queryByRole('textbox')).toBeNull()
    release()
    const name = await screen.findByRole('textbox', { name: /^Name/ })
    await waitFor(() => expect(document.activeElement).toBe(name))
    await userEvent.type(name, 'Ada')
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    expect(respond.mock.calls).toStrictEqual([['name', { action: 'accept', content: { name: 'Ada' } }]])
  })

  it('one that cannot be loaded: onError is told, a line and Try again stand in its place; a second failure keeps focus on Try again; a success brings the round', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    let failures = 2
    vi.doMock('./round-panel', async (importOriginal) => {
      if (failures-- > 0) throw new TypeError('Failed to fetch dynamically imported module')
      return importOriginal()
    })
    const respond = vi.fn()
    const onError = vi.fn()
    const { LazyInputRequestPanel } = await import('./lazy-round-panel')
    render(<LazyInputRequestPanel status="awaiting_input" inputs={round} respond={respond} validator={validator} onError={onError} autoFocus />)
    expect((await screen.findByRole('alert')).textContent).toBe('The questions could not be shown.')
    expect(onError.mock.calls).toHaveLength(1)
    expect(onError.mock.calls[0]![0]).toMatchObject({ name: 'PartLoadError', part: 'InputRequestPanel' })
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(2))
    const retry = await screen.findByRole('button', { name: 'Try again' })
    await waitFor(() => expect(document.activeElement).toBe(retry))
    expect(screen.getByRole('alert').textContent).toBe('The questions could not be shown.')
    await userEvent.keyboard('{Enter}')
    const name = await screen.findByRole('textbox', { name: /^Name/ })
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(name))
    expect(onError).toHaveBeenCalledTimes(2)
    expect(respond).not.toHaveBeenCalled()
  })
})
