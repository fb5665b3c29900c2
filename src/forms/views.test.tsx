// @vitest-environment jsdom
/**
 * The views seam: a layer above draws a form question its own way, and the
 * native form stays available as its fallback; without a provider nothing
 * changes.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PendingInput } from '../core/index.js'
import { InputRequestPanel, McpViewsContext, type McpViews } from './index'

afterEach(cleanup)

const form: PendingInput = {
  key: 'ask',
  method: 'elicitation/create',
  params: { mode: 'form', message: 'Your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } } }, _meta: { ui: { resourceUri: 'ui://x/form.html' } } },
  era: 'modern',
  server: undefined,
  url: 'http://127.0.0.1:1/mcp',
  answered: false,
}

const panel = (views: McpViews | undefined, respond = vi.fn()) =>
  render(
    views ? (
      <McpViewsContext.Provider value={views}>
        <InputRequestPanel status="awaiting_input" inputs={[form]} respond={respond} />
      </McpViewsContext.Provider>
    ) : (
      <InputRequestPanel status="awaiting_input" inputs={[form]} respond={respond} />
    ),
  )

describe('McpViews.formQuestion', () => {
  it('draws the question instead of the native form, and its answer goes to the round under the key', () => {
    const respond = vi.fn()
    const seen: unknown[] = []
    panel(
      {
        formQuestion: ({ params, onRespond }) => {
          seen.push(params._meta)
          return (
            <button type="button" onClick={() => onRespond({ action: 'accept', content: { name: 'Ada' } })}>
              drawn elsewhere
            </button>
          )
        },
      },
      respond,
    )
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'drawn elsewhere' }))
    expect(respond).toHaveBeenCalledWith('ask', { action: 'accept', content: { name: 'Ada' } })
    expect(seen[0]).toEqual({ ui: { resourceUri: 'ui://x/form.html' } })
  })

  it('returning the fallback shows the native form', async () => {
    panel({ formQuestion: ({ fallback }) => fallback })
    expect(await screen.findByRole('textbox', { name: 'Name' })).toBeTruthy()
  })

  it('a view that throws leaves a card that can still decline', () => {
    const respond = vi.fn()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    panel(
      {
        formQuestion: () => {
          throw new Error('broken view')
        },
      },
      respond,
    )
    fireEvent.click(screen.getByRole('button', { name: /decline/i }))
    expect(respond).toHaveBeenCalledWith('ask', { action: 'decline' })
  })

  it('without views the native form is shown', () => {
    panel(undefined)
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeTruthy()
  })
})
