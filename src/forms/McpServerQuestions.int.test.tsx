// @vitest-environment jsdom
/**
 * A 2025-11-25 server of a set pushes a roots request on its GET stream while
 * no call runs: the page shows it under the server's name with the call's
 * own approval card, and only the person's Share sends the roots.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, expect, it } from 'vitest'
import { LEGACY, legacy, result, startHostileServer, type HostileServer } from '../../test/hostile/hostile-server'
import { createClient, createServerSet, type McpServerSet } from '../core/index'
import { McpServersProvider } from '../react/index'
import { McpServerQuestions } from './McpServerQuestions'

let server: HostileServer | undefined
let set: McpServerSet | undefined
beforeAll(async () => {
  await Promise.all([import('../core/legacy-connection.js'), import('../core/sse.js'), import('../core/listings.js')])
})
afterEach(async () => {
  cleanup()
  set?.dispose()
  for (const entry of set?.entries ?? []) await entry.client.close().catch(() => {})
  await server?.close()
})

it('asks what a server pushes outside any call under its name, with the same approval card; the roots go only after Approve', async () => {
  server = await startHostileServer()
  const session = legacy(server, { getStream: 'hold' })
  server.rpc('tools/list', (x) => result(x, { tools: [] }))
  const client = createClient(server.url, { protocolVersion: LEGACY, capabilities: { roots: {} }, onWarning: () => {} })
  set = createServerSet([{ id: 'old', name: 'The old server', client }], { storage: null })
  render(
    <McpServersProvider servers={set}>
      <McpServerQuestions roots={[{ uri: 'file:///workspace', name: 'workspace' }]} />
    </McpServersProvider>,
  )
  await waitFor(() => expect(server!.find((hit) => hit.rpc === 'tools/list')).toHaveLength(1))
  ;(await session.getStream()).send({ jsonrpc: '2.0', id: 'r1', method: 'roots/list', params: {} })
  const question = await screen.findByRole('region', { name: 'The old server asks, outside any tool call:' })
  expect(question.dataset.server).toBe('old')
  const share = await screen.findByRole('button', { name: 'Approve' })
  expect(server.find((hit) => hit.rpc === 'response')).toHaveLength(0)
  await userEvent.click(share)
  const answer = await server.waitForHit((hit) => hit.rpc === 'response' && hit.body.id === 'r1')
  expect(answer.body.result).toEqual({ roots: [{ uri: 'file:///workspace', name: 'workspace' }] })
  await waitFor(() => expect(screen.queryByRole('region', { name: /asks, outside any tool call/ })).toBeNull())
})
