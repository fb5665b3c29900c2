// @vitest-environment jsdom
/**
 * The parts loaded when first shown (lazy-parts.tsx): a status line while
 * the chunk loads, the part once it is there, at once when it was preloaded;
 * a chunk that fails reaches the error boundary as a PartLoadError (never a
 * blank page), leaves what the person typed beside it, and is asked for
 * again the next time the part is shown.
 */
import { useState } from 'react'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CardBoundary } from './CardBoundary'
import { lazyPart, LazyApprovalCard, LazySignInCard, LazyTaskLine, LazyToolResult, LazyUrlElicitation, PartLoadError } from './lazy-parts'

// React reports every error a boundary caught with console.error; the tests check onError instead.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

interface Props {
  label: string
  messages?: { running?: string } | undefined
}

function Shown({ label }: Props) {
  return <p className="shown">{label}</p>
}

/** A part whose loader the test settles by hand. */
function controlledPart() {
  const attempts: { resolve: () => void; reject: (error: unknown) => void }[] = []
  const load = vi.fn(
    () =>
      new Promise<typeof Shown>((resolve, reject) => {
        attempts.push({ resolve: () => resolve(Shown), reject })
      }),
  )
  return { Part: lazyPart<Props>('Shown', load), load, attempts }
}

describe('lazyPart', () => {
  it('shows the working line (translated) while the chunk loads, then the part; a second mount renders at once', async () => {
    const { Part, load, attempts } = controlledPart()
    const first = render(<Part label="hello" messages={{ running: 'Un instant…' }} />)
    expect(screen.getByRole('status').textContent).toBe('Un instant…')
    expect(screen.getByRole('status').className).toBe('mcp-elicit-loading')
    attempts[0]!.resolve()
    expect(await screen.findByText('hello')).toBeTruthy()
    expect(screen.queryByRole('status')).toBeNull()
    first.unmount()
    render(<Part label="again" />)
    expect(screen.getByText('again')).toBeTruthy()
    expect(load).toHaveBeenCalledOnce()
  })

  it('preload fetches the chunk once, before the first render, which then shows no loading line', async () => {
    const { Part, load, attempts } = controlledPart()
    const preloaded = Part.preload()
    expect(Part.preload()).toBe(preloaded)
    attempts[0]!.resolve()
    await preloaded
    render(<Part label="ready" />)
    expect(screen.getByText('ready')).toBeTruthy()
    expect(load).toHaveBeenCalledOnce()
  })

  it('a chunk that fails reaches the boundary as a PartLoadError, keeps what was typed beside it, and is loaded again on the next mount', async () => {
    const { Part, load, attempts } = controlledPart()
    const onError = vi.fn()
    function Page() {
      const [round, setRound] = useState(1)
      return (
        <>
          <input aria-label="Name" />
          <CardBoundary onError={onError} resetKey={round} fallback={(error) => <p role="alert">{(error as Error).name}</p>}>
            <Part label={`round ${round}`} />
          </CardBoundary>
          <button type="button" onClick={() => setRound(round + 1)}>
            Next
          </button>
        </>
      )
    }
    render(<Page />)
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada')
    const offline = new TypeError('Failed to fetch dynamically imported module')
    attempts[0]!.reject(offline)
    expect((await screen.findByRole('alert')).textContent).toBe('PartLoadError')
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'Ada')
    expect(onError).toHaveBeenCalledOnce()
    const error = onError.mock.calls[0]![0] as PartLoadError
    expect(error).toBeInstanceOf(PartLoadError)
    expect(error.part).toBe('Shown')
    expect(error.cause).toBe(offline)
    // No retry loop while the failed part stays on the page.
    expect(load).toHaveBeenCalledOnce()

    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2))
    expect(screen.getByRole('status').textContent).toBe('Working…')
    attempts[1]!.resolve()
    expect(await screen.findByText('round 2')).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'Ada')
  })

  it('a preload that fails is forgotten: the next preload asks again', async () => {
    const { Part, attempts } = controlledPart()
    const failed = Part.preload()
    attempts[0]!.reject(new Error('offline'))
    await expect(failed).rejects.toBeInstanceOf(PartLoadError)
    const again = Part.preload()
    attempts[1]!.resolve()
    await again
    render(<Part label="back" />)
    expect(screen.getByText('back')).toBeTruthy()
  })
})

describe('the parts', () => {
  it('each loads its component from its own module', async () => {
    await Promise.all([LazyToolResult, LazyUrlElicitation, LazyApprovalCard, LazySignInCard].map((part) => part.preload()))
    render(<LazyToolResult result={{ content: [{ type: 'text', text: 'done' }] }} />)
    expect(screen.getByText('done')).toBeTruthy()
  })

  it('the task line falls back to the working line when it cannot be drawn', async () => {
    const onError = vi.fn()
    const broken = {
      progress: () => {
        throw new Error('bad translation')
      },
    }
    render(<LazyTaskLine task={{ taskId: 't', status: 'working' }} progress={{ progress: 1, total: 2 }} messages={broken} onError={onError} />)
    await waitFor(() => expect(onError).toHaveBeenCalledOnce())
    expect(screen.getByRole('status').textContent).toBe('Working…')
  })
})
