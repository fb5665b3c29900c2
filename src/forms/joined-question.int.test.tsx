// @vitest-environment jsdom
/**
 * A question that stays open while another joins it keeps its form; a new
 * round that asks a key again gets a fresh one.
 *
 * A 2025-11-25 server may push a second request while the person is still
 * typing in the first: the observer shows both under the new round number
 * (call-observer.ts `#ask`). The first card must not remount, or what was
 * typed is gone. A 2026-07-28 server that asks the same key again in its
 * next round asks a new question: that card must start over.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import validator from '@rjsf/validator-ajv8'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startDemoServer, type DemoServer } from '../../servers/demo-server.ts'
import { createClient } from '../core/index'
import { McpProvider, useMcpTool } from '../react/index'
import { elicitation, hostilePerTest, LEGACY, legacy, openSse, text, until, type Exchange, type SseWriter } from '../../test/hostile/hostile-server.ts'
import { InputRequestPanel } from './InputRequestPanel'

afterEach(cleanup)

function Call({ tool: name }: { tool: string }) {
  const tool = useMcpTool(name)
  return (
    <div data-testid="call" data-state={tool.status} data-round={"round" in tool ? tool.round : undefined}>
      <button type="button" onClick={() => void tool.call()}>
        Go
      </button>
      <InputRequestPanel {...tool} validator={validator} />
      {tool.status === 'done' && <output>{String((tool.result.content as Array<{ text: string }>)[0]!.text)}</output>}
    </div>
  )
}

describe('a 2025-11-25 server pushes a second question while the first is open', () => {
  const hostile = hostilePerTest({ capabilities: { elicitation: { form: {} } } })

  it('the first form keeps what was typed (the same inputs, not remounted), and both answers reach the server', async () => {
    const { server } = hostile
    legacy(server)
    let sse: SseWriter | undefined
    server.rpc('tools/call', async (x: Exchange) => {
      sse = openSse(x)
      sse.send(elicitation('a', 'First question'))
      await until(() => server.find((hit) => hit.rpc === 'response').length >= 2, 15_000, 'two answers')
      sse.send({ jsonrpc: '2.0', id: x.body.id, result: text('done') })
      sse.end()
    })
    render(
      <McpProvider client={hostile.client({ protocolVersion: LEGACY })}>
        <Call tool="t" />
      </McpProvider>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Go' }))
    const box = within(await screen.findByRole('group', { name: 'First question' })).getByRole('textbox', { name: /^Name/ })
    await userEvent.type(box, 'Half typed')
    const roundBefore = screen.getByTestId('call').dataset.round

    sse!.send(elicitation('b', 'Second question'))
    const second = await screen.findByRole('group', { name: 'Second question' })
    // The push is a round of its own: the observer moved the open question into it.
    expect(screen.getByTestId('call').dataset.round).not.toBe(roundBefore)
    const again = within(screen.getByRole('group', { name: 'First question' })).getByRole('textbox', { name: /^Name/ })
    expect(again).toBe(box)
    expect(again).toHaveProperty('value', 'Half typed')

    await userEvent.type(again, '{Enter}')
    await userEvent.type(within(second).getByRole('textbox', { name: /^Name/ }), 'Ada{Enter}')
    await waitFor(() => expect(screen.getByTestId('call').dataset.state).toBe('done'))
    const answers = server.find((hit) => hit.rpc === 'response').map((hit) => hit.body)
    expect(answers).toEqual(
      expect.arrayContaining([
        { jsonrpc: '2.0', id: 'a', result: { action: 'accept', content: { name: 'Half typed' } } },
        { jsonrpc: '2.0', id: 'b', result: { action: 'accept', content: { name: 'Ada' } } },
      ]),
    )
  })
})

describe('a 2026-07-28 server asks the same key again in its next round', () => {
  let demo: DemoServer
  beforeAll(async () => {
    demo = await startDemoServer()
  })
  afterAll(async () => {
    await demo.close()
  })

  it('the question of the new round starts from its own defaults, in new inputs', async () => {
    render(
      <McpProvider client={createClient(demo.url, { capabilities: { elicitation: { form: {} } } })}>
        <Call tool="trip_wizard" />
      </McpProvider>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Go' }))
    await userEvent.click(within(await screen.findByRole('group', { name: /^Step 1 of 3/ })).getByRole('button', { name: 'Accept' }))
    const dates = await screen.findByRole('group', { name: /^Step 2 of 3/ })
    // A return before the departure: the server asks `dates` again, in a new round, saying why.
    const back = within(dates).getByLabelText(/^Return/)
    await userEvent.clear(back)
    await userEvent.type(back, '2026-09-01')
    await userEvent.click(within(dates).getByRole('button', { name: 'Accept' }))
    const again = await screen.findByRole('group', { name: /^The return \(2026-09-01\) is before the departure/ })
    const backAgain = within(again).getByLabelText(/^Return/)
    expect(backAgain).not.toBe(back)
    expect(backAgain).toHaveProperty('value', '2026-09-21')
  })
})
