// @vitest-environment jsdom
/**
 * A file input whose chunk cannot be fetched (lazy-file-widget.tsx): only
 * that field is replaced, by a line and Try again; the other fields keep
 * what was typed, Accept and Decline stay; the failure goes to the form's
 * onError as a PartLoadError; Try again asks for the chunk again and shows
 * the input once it is there; Accept meanwhile gets the usual required-field
 * message. The form is the real one (its own templates and widgets), with
 * the file widget's loader swapped through the theme.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ComponentType } from 'react'
import type { WidgetProps } from '@rjsf/utils'
import { ElicitationForm } from './ElicitationForm'
import { FileInputWidget } from './file-widget'
import { templates, widgets } from './form-parts'
import { lazyFileWidget } from './lazy-file-widget'
import { PartLoadError } from './lazy-parts'
import type { Messages } from './messages'
import { noEvalValidator } from './no-eval-validator'

// React reports every error a boundary caught with console.error; the tests check onError instead.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const request = {
  mode: 'form',
  message: 'Send the scan',
  requestedSchema: {
    type: 'object',
    properties: { name: { type: 'string', title: 'Name' }, scan: { type: 'string', format: 'uri', title: 'Scan', 'x-mcp-file': {} } },
    required: ['scan'],
  },
}

/** The form as it is by default, but with a file widget whose loader the test settles by hand. */
function formWithLoader(messages?: Partial<Messages>) {
  const attempts: { resolve: () => void; reject: (error: unknown) => void }[] = []
  const load = vi.fn(
    () =>
      new Promise<ComponentType<WidgetProps>>((resolve, reject) => {
        attempts.push({ resolve: () => resolve(FileInputWidget), reject })
      }),
  )
  const onRespond = vi.fn()
  const onError = vi.fn()
  const theme = { templates, widgets: { ...widgets, mcpFile: lazyFileWidget(load) } }
  render(<ElicitationForm request={request} onRespond={onRespond} onError={onError} validator={noEvalValidator} theme={theme} messages={messages} />)
  return { attempts, load, onRespond, onError }
}

const name = () => screen.getByRole('textbox', { name: 'Name' })
const offline = () => new TypeError('Failed to fetch dynamically imported module')

describe('a file input that cannot be loaded', () => {
  it('replaces only its field: what was typed, the label, Accept and Decline stay; the error goes to onError', async () => {
    const { attempts, load, onError } = formWithLoader()
    await userEvent.type(name(), 'Ada')
    const cause = offline()
    attempts[0]!.reject(cause)
    expect(await screen.findByText('The file input could not be loaded.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
    expect(screen.getByRole('group', { name: /^Scan/ })).toBeTruthy()
    expect(name()).toHaveProperty('value', 'Ada')
    expect(screen.getByRole('button', { name: 'Accept' })).toHaveProperty('disabled', false)
    expect(screen.getByRole('button', { name: 'Decline' })).toBeTruthy()
    expect(document.querySelector('.mcp-elicit-fallback')).toBeNull()
    expect(onError).toHaveBeenCalledOnce()
    expect(onError.mock.calls[0]![0]).toBeInstanceOf(PartLoadError)
    expect(onError.mock.calls[0]![0]).toMatchObject({ part: 'FileInputWidget', cause })
    // No retry loop while the line is shown: only Try again asks again.
    expect(load).toHaveBeenCalledOnce()
  })

  it('Try again asks for the chunk again and shows the input, which takes focus; what was typed survives', async () => {
    const { attempts, load, onRespond } = formWithLoader()
    await userEvent.type(name(), 'Ada')
    attempts[0]!.reject(offline())
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2))
    expect(document.querySelector('.mcp-elicit-file-loading[aria-busy="true"]')).not.toBeNull()
    attempts[1]!.resolve()
    const input = await screen.findByLabelText(/^Scan/)
    expect(input).toHaveProperty('type', 'file')
    expect(document.activeElement).toBe(input)
    expect(screen.queryByText('The file input could not be loaded.')).toBeNull()
    expect(name()).toHaveProperty('value', 'Ada')
    fireEvent.change(input, { target: { files: [new File(['hi'], 'hi.txt', { type: 'text/plain' })] } })
    await screen.findByText('hi.txt (text/plain, 2 bytes)')
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { name: 'Ada', scan: 'data:text/plain;base64,aGk=' } }]])
  })

  it('a Try again that fails too shows the line again, reports again, and keeps focus on Try again', async () => {
    const { attempts, onError } = formWithLoader()
    await userEvent.type(name(), 'Ada')
    attempts[0]!.reject(offline())
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(attempts).toHaveLength(2))
    attempts[1]!.reject(offline())
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(2))
    const retry = await screen.findByRole('button', { name: 'Try again' })
    expect(document.activeElement).toBe(retry)
    expect(name()).toHaveProperty('value', 'Ada')
  })

  it('Accept meanwhile gets the required-field message for the file, not a crash; Try again is focused, described by it', async () => {
    const { attempts, onRespond, onError } = formWithLoader()
    await userEvent.type(name(), 'Ada')
    attempts[0]!.reject(offline())
    const retry = await screen.findByRole('button', { name: 'Try again' })
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    expect((await screen.findByRole('alert')).textContent).toBe('1 answer needs attention before sending.')
    expect(screen.getByRole('link', { name: 'Scan: Choose Scan' })).toBeTruthy()
    expect(onRespond).not.toHaveBeenCalled()
    expect(onError).toHaveBeenCalledOnce()
    expect(document.activeElement).toBe(retry)
    const description = (retry.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent)
    expect(description).toContain('The file input could not be loaded.')
    expect(description).toContain('Choose Scan')
    expect(name()).toHaveProperty('value', 'Ada')
  })

  it('says it in the app’s words', async () => {
    const { attempts } = formWithLoader({ fileLoadFailed: 'Le champ fichier n’a pas pu être chargé.', fileLoadRetry: 'Réessayer' })
    attempts[0]!.reject(offline())
    expect(await screen.findByText('Le champ fichier n’a pas pu être chargé.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy()
  })
})
