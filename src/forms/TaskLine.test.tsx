// @vitest-environment jsdom
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { TaskInfo } from '../core/index'
import { CLAMP_CHARS } from './IsolatedLine'
import { TaskLine } from './TaskLine'

afterEach(cleanup)

const RLO = '\u202E'
const PDI = '\u2069'

/** A task as `tasks/get` reports it (createdAt/lastUpdatedAt/ttlMs are never shown). */
const task = (extra: Partial<TaskInfo> = {}): TaskInfo => ({
  taskId: '786512e2-9e0d-44bd-8f29-789f320fe840',
  status: 'working',
  createdAt: '2026-03-01T10:30:00Z',
  lastUpdatedAt: '2026-03-01T10:40:00Z',
  ttlMs: 60_000,
  pollIntervalMs: 5_000,
  ...extra,
})

function rootOf(container: HTMLElement) {
  return container.querySelector<HTMLElement>('.mcp-elicit-task')!
}

describe('TaskLine: the bar', () => {
  it('is determinate (value, max, "n of total" label) when the total is known', () => {
    render(<TaskLine task={task()} progress={{ progress: 2, total: 5 }} />)
    const bar = screen.getByRole('progressbar', { name: '2 of 5' })
    expect(bar.getAttribute('value')).toBe('2')
    expect(bar.getAttribute('max')).toBe('5')
    expect(screen.getByText('2 of 5', { selector: 'p' })).toBeTruthy()
  })

  it('never shows more than the total', () => {
    render(<TaskLine task={task()} progress={{ progress: 9, total: 5 }} />)
    expect(screen.getByRole('progressbar').getAttribute('value')).toBe('5')
  })

  it('is indeterminate (no value attribute) labelled "Working…" without progress, without a total, or with a total of 0', () => {
    for (const progress of [undefined, { progress: 3 }, { progress: 3, total: 0 }, { progress: Number.NaN, total: 4 }]) {
      const { container, unmount } = render(<TaskLine task={task()} progress={progress} />)
      const bar = within(container).getByRole('progressbar', { name: 'Working…' })
      expect(bar.tagName).toBe('PROGRESS')
      expect(bar.hasAttribute('value')).toBe(false)
      expect(bar.hasAttribute('max')).toBe(false)
      unmount()
    }
  })

  it('shows the count as text when no message came with it', () => {
    render(<TaskLine task={task()} progress={{ progress: 3 }} />)
    expect(screen.getByText('3 done')).toBeTruthy()
  })

  it('compact: the status line and message only, no bar', () => {
    const { container } = render(<TaskLine task={task({ status: 'input_required', statusMessage: 'Waiting for your approval' })} progress={{ progress: 1, total: 2 }} compact />)
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(screen.getByRole('status').textContent).toBe('Running in the background')
    expect(screen.getByText('Waiting for your approval')).toBeTruthy()
    expect(rootOf(container).dataset.compact).toBe('true')
    expect(rootOf(container).dataset.state).toBe('input_required')
  })
})

describe('TaskLine: the status line', () => {
  it('is a live region saying the call runs in the background; the texts can be replaced', () => {
    const { unmount } = render(<TaskLine task={task()} />)
    const status = screen.getByRole('status')
    expect(status.textContent).toBe('Running in the background')
    unmount()
    render(<TaskLine task={task()} messages={{ taskRunning: 'Läuft im Hintergrund', running: 'Bitte warten…' }} />)
    expect(screen.getByRole('status').textContent).toBe('Läuft im Hintergrund')
    expect(screen.getByRole('progressbar', { name: 'Bitte warten…' })).toBeTruthy()
  })

  it('shows none of the task but its status message: no id, no timestamps', () => {
    const { container } = render(<TaskLine task={task({ statusMessage: 'Compiling 3 of 12 packages' })} />)
    expect(rootOf(container).textContent).toBe('Running in the backgroundCompiling 3 of 12 packages')
    expect(container.innerHTML).not.toContain('786512e2')
    expect(container.innerHTML).not.toContain('2026-03-01')
  })
})

describe('TaskLine: the status message is server text', () => {
  it('markup in it stays text: no element is made from it', () => {
    const hostile = '<img src=x onerror="alert(1)"><script>alert("xss")</script><a href="javascript:alert(1)">click</a>'
    const { container } = render(<TaskLine task={task({ statusMessage: hostile })} progress={{ progress: 1, total: 2, message: '<b>bold</b>' }} />)
    expect(screen.getByText(hostile)).toBeTruthy()
    expect(screen.getByText('<b>bold</b>')).toBeTruthy()
    expect(container.querySelector('img, script, a, b')).toBeNull()
  })

  it('sits in its own <bdi dir="auto">, without bidi controls or line breaks, so it cannot reorder our line', () => {
    const { container } = render(<TaskLine task={task({ statusMessage: `Paid ${RLO}00.001$ ${PDI}${RLO}to\nevil` })} />)
    const message = container.querySelector<HTMLElement>('.mcp-elicit-task-message')!
    const part = message.querySelector('bdi')!
    expect(part.getAttribute('dir')).toBe('auto')
    expect(part.textContent).toBe('Paid 00.001$ to evil')
    expect(container.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069\n]/)
    // Our own status line is apart from it.
    expect(screen.getByRole('status').contains(part)).toBe(false)
  })

  it('a progress message is isolated the same way; one equal to the status message is not repeated', () => {
    const { container, unmount } = render(<TaskLine task={task({ statusMessage: 'step 2' })} progress={{ progress: 2, total: 3, message: `${RLO}step 2 of 3` }} />)
    const progressText = container.querySelector<HTMLElement>('.mcp-elicit-progress-text')!
    expect(progressText.querySelector('bdi[dir="auto"]')!.textContent).toBe('step 2 of 3')
    unmount()
    render(<TaskLine task={task({ statusMessage: 'Uploading' })} progress={{ progress: 2, total: 3, message: 'Uploading' }} />)
    expect(screen.getAllByText('Uploading')).toHaveLength(1)
  })

  it('a very long one is clamped, with the full text in title and a "Show all" disclosure', async () => {
    const huge = 'Still crunching the numbers. '.repeat(3_500).slice(0, 100_000)
    const { container } = render(<TaskLine task={task({ statusMessage: huge })} />)
    const message = container.querySelector<HTMLElement>('.mcp-elicit-task-message')!
    const part = message.querySelector<HTMLElement>('.mcp-elicit-server-text')!
    expect(part.classList.contains('mcp-elicit-clamp')).toBe(true)
    expect(part.title).toBe(huge)
    const more = within(message).getByRole('button', { name: 'Show all' })
    await userEvent.click(more)
    expect(message.dataset.expanded).toBe('true')
    expect(more.textContent).toBe('Show less')
  })

  it(`one of up to ${CLAMP_CHARS} characters is left alone`, () => {
    const { container } = render(<TaskLine task={task({ statusMessage: 'm'.repeat(CLAMP_CHARS) })} />)
    expect(container.querySelector('.mcp-elicit-clamp')).toBeNull()
    expect(container.querySelector('button')).toBeNull()
  })

  it('a value that is not a string is shown as JSON text, and none at all shows no message line', () => {
    const unprintable = JSON.parse('{"toString":1}') as unknown as string
    const { container, unmount } = render(<TaskLine task={task({ statusMessage: unprintable })} />)
    expect(container.querySelector('.mcp-elicit-task-message')!.textContent).toBe('{"toString":1}')
    unmount()
    const second = render(<TaskLine task={task()} />)
    expect(second.container.querySelector('.mcp-elicit-task-message')).toBeNull()
  })
})

describe('TaskLine: the stylesheet', () => {
  // A path string: under jsdom `URL` is jsdom's, which node:fs does not take.
  const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'styles.css'), 'utf8')

  /** The body of each `@media (…) { … }` block of the given query (one level of nested rules). */
  function mediaBlocks(query: string): string[] {
    const blocks: string[] = []
    const head = `@media (${query}) {`
    for (let at = css.indexOf(head); at !== -1; at = css.indexOf(head, at + 1)) {
      let depth = 0
      let end = at + head.length - 1
      for (; end < css.length; end++) {
        if (css[end] === '{') depth++
        else if (css[end] === '}' && --depth === 0) break
      }
      blocks.push(css.slice(at + head.length, end))
    }
    return blocks
  }

  it('animates the indeterminate bar only when motion is not reduced, and stops any animation when it is', () => {
    const animated = [...css.matchAll(/animation:\s*mcp-elicit-task-stripes/g)].length
    expect(animated).toBeGreaterThan(0)
    const outside = mediaBlocks('prefers-reduced-motion: no-preference').reduce((rest, block) => rest.replace(block, ''), css)
    expect(outside).not.toMatch(/animation:\s*mcp-elicit-task-stripes/)
    const reduce = mediaBlocks('prefers-reduced-motion: reduce').join('\n')
    expect(reduce).toMatch(/\.mcp-elicit-task-bar[^{]*\{\s*animation: none;/)
  })

  it('gives the task line the cards’ light and dark colours when used alone', () => {
    const lists = [...css.matchAll(/:where\(([^)]*\.mcp-elicit-tool-result[^)]*)\)\s*\{\s*--mcp-elicit-/g)].map((match) => match[1]!)
    expect(lists).toHaveLength(4)
    for (const list of lists) expect(list).toContain('.mcp-elicit-task')
  })
})
