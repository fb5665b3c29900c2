import { describe, expect, it } from 'vitest'
import type { McpCallView } from '../../react/index.js'
import { MAX_RESULT_LENGTH } from '../../chat/bounded-result.js'
import { partOutputOf } from './part-output.js'

/** A finished call's view as the call component reports it. */
function done(result: unknown): McpCallView {
  return { status: 'done', result } as unknown as McpCallView
}

// What partOutputOf hands back stays in the conversation, which the page serialises and sends on every request.
describe('partOutputOf', () => {
  it('hands back a small result as it is', () => {
    const result = { content: [{ type: 'text', text: 'ok' }], structuredContent: { a: 1 } }
    expect(partOutputOf(done(result))).toEqual({ state: 'output-available', output: result })
  })

  it('hands back a bounded copy of a hostile result: deep structured content still serialises, an image becomes a line', () => {
    const deep = JSON.parse(`{"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`)
    const output = partOutputOf(done({ content: [{ type: 'text', text: 'ok' }, { type: 'image', mimeType: 'image/png', data: 'A'.repeat(6 * 1024 * 1024) }], structuredContent: deep }))
    const sent = JSON.stringify({ messages: [{ parts: [{ type: 'dynamic-tool', ...output }] }] })
    expect(sent.length).toBeLessThan(2 * MAX_RESULT_LENGTH)
    expect(output).toMatchObject({
      state: 'output-available',
      output: { content: [{ type: 'text', text: 'ok' }, { type: 'text', text: '[image (image/png) not passed on to the model]' }, { type: 'text', text: expect.stringContaining('[…]') }] },
    })
  })
})
