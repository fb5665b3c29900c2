/**
 * The official 2026-07-28 examples: requests the client builds must match
 * them, and every response example must parse and behave as the
 * specification says (results resolve, errors become typed errors, input
 * requests reach the handler).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import { scriptedFetch, sse } from '../../test/support/scripted-fetch'
import { examplesDir } from '../../test/support/schema'
import { createClient } from './client'
import { McpProtocolError } from './errors'
import type { JsonObject } from './types'

const url = 'http://127.0.0.1:9/mcp'
const load = (dir: string): Array<[string, any]> =>
  readdirSync(`${examplesDir}${dir}`).map((file) => [file, JSON.parse(readFileSync(`${examplesDir}${dir}/${file}`, 'utf8'))])

/** Answers with `body`, with its id rewritten to the request's. */
const answer = (body: any, transport: 'json' | 'sse') => (request: { body: any }) => {
  const text = JSON.stringify({ ...body, id: request.body.id })
  return transport === 'json'
    ? new Response(text, { headers: { 'content-type': 'application/json' } })
    : sse([`event: message\ndata: ${text}\n\n`])
}

describe('official request examples', () => {
  it.each([
    ['CallToolRequest', (c: ReturnType<typeof createClient>, p: any) => c.request('tools/call', { name: p.name, arguments: p.arguments })],
    ['ReadResourceRequest', (c: ReturnType<typeof createClient>, p: any) => c.readResource(p.uri)],
    ['GetPromptRequest', (c: ReturnType<typeof createClient>, p: any) => c.getPrompt(p.name, p.arguments)],
    ['ListToolsRequest', (c: ReturnType<typeof createClient>) => c.request('tools/list')],
    ['DiscoverRequest', (c: ReturnType<typeof createClient>) => c.discover()],
  ])('%s is what the client sends', async (dir, send) => {
    for (const [, example] of load(dir)) {
      const meta = example.params._meta
      const { fetch, requests } = scriptedFetch([answer({ jsonrpc: '2.0', result: {} }, 'json')])
      const client = createClient(url, { fetch, protocolVersion: '2026-07-28', clientInfo: meta['io.modelcontextprotocol/clientInfo'], capabilities: meta['io.modelcontextprotocol/clientCapabilities'] })
      await send(client, example.params)
      expect(requests[0]!.body).toEqual({ ...example, id: requests[0]!.body.id })
      expect(requests[0]!.headers.get('mcp-method')).toBe(example.method)
    }
  })
})

describe('official response examples', () => {
  const results = readdirSync(examplesDir).filter((dir) => dir.endsWith('ResultResponse'))
  it.each(results.flatMap((dir) => load(dir).flatMap(([file, body]) => (['json', 'sse'] as const).map((t) => [`${dir}/${file}`, t, body] as const))))(
    '%s over %s resolves to its result',
    async (_name, transport, body) => {
      const { fetch } = scriptedFetch([answer(body, transport)])
      await expect(createClient(url, { fetch, protocolVersion: '2026-07-28' }).request('x')).resolves.toEqual(body.result)
    },
  )

  const errors = readdirSync(examplesDir).filter((dir) => dir.endsWith('Error'))
  // Some error examples are whole responses, others only the error object.
  const asResponse = (body: any) => ('error' in body ? body : { jsonrpc: '2.0', id: null, error: body })
  it.each(errors.flatMap((dir) => load(dir).map(([file, body]) => [`${dir}/${file}`, asResponse(body)] as const)))('%s becomes a typed protocol error', async (_name, body) => {
    // A -32022 naming our version is retried once: it answers the same again.
    const { fetch } = scriptedFetch([answer(body, 'json'), answer(body, 'json')])
    const error = (await createClient(url, { fetch, protocolVersion: '2026-07-28' }).request('tools/list').catch((e: unknown) => e)) as McpProtocolError
    expect(error).toBeInstanceOf(McpProtocolError)
    expect([error.code, error.rpcMessage, error.data]).toEqual([body.error.code, body.error.message, body.error.data])
  })

  it.each(load('InputRequiredResult'))('InputRequiredResult/%s drives one round and the retry echoes it', async (_file, inputRequired: JsonObject) => {
    const { fetch, requests } = scriptedFetch([
      answer({ jsonrpc: '2.0', result: inputRequired }, 'json'),
      answer({ jsonrpc: '2.0', result: { resultType: 'complete', content: [] } }, 'sse'),
    ])
    const keys = Object.keys((inputRequired.inputRequests as JsonObject | undefined) ?? {})
    const onInputRequests = vi.fn(async () => Object.fromEntries(keys.map((k) => [k, { action: 'decline' }])))
    await createClient(url, { fetch, onInputRequests, protocolVersion: '2026-07-28' }).callTool('t')
    expect(onInputRequests).toHaveBeenCalledTimes(keys.length > 0 ? 1 : 0)
    const retry = requests.at(-1)!.body.params
    expect(retry.requestState).toBe(inputRequired.requestState)
    if (keys.length > 0) expect(Object.keys(retry.inputResponses)).toEqual(keys)
    else expect(retry).not.toHaveProperty('inputResponses')
  })
})
