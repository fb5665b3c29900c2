/**
 * Restart recovery against `@modelcontextprotocol/server-everything`: the
 * server process is killed and a new one started on the SAME port, so the
 * client's session id is unknown to the new process. The SDK v1 example
 * server answers an unknown session id with HTTP 400 and JSON-RPC -32000
 * ("Bad Request: No valid session ID provided"), not the 404 the
 * specification names; the client should start a new session once and the
 * call should succeed.
 */
import { describe, expect, it } from 'vitest'
import { createClient, type ClientOptions, type McpClient, type McpResult } from '../../src/core/index.ts'
import { everythingPerFile, everythingVersion } from '../support/everything-server.ts'
import { recordingFetch, type WireRecord } from '../support/recording-fetch.ts'

const CALL = { timeoutMs: 8_000 }

const everything = everythingPerFile()

function connect(options: ClientOptions = {}): { client: McpClient; records: WireRecord[] } {
  const { fetch, records } = recordingFetch()
  const client = createClient(everything.server.url, { capabilities: { elicitation: { form: {} } }, fetch, onWarning: () => {}, ...options })
  everything.track(client)
  return { client, records }
}

function textOf(result: McpResult): string {
  return (result.content as Array<{ text?: string }>).map((block) => block.text ?? '').join('\n')
}

const restart = () => everything.restart()

describe(`server-everything ${everythingVersion}: a restarted server on the same port`, () => {
  for (const protocolVersion of ['auto', '2025-11-25'] as const) {
    it(`protocolVersion '${protocolVersion}': the old session id gets HTTP 400; the client re-initializes once and the call succeeds`, async () => {
      const { client, records } = connect({ protocolVersion })
      expect(textOf(await client.callTool('echo', { message: 'before restart' }, CALL))).toBe('Echo: before restart')
      const oldSession = records.find((record) => record.body?.method === 'initialize')!.responseSessionId
      expect(oldSession).toMatch(/^[0-9a-f-]{36}$/)

      await restart()
      const before = records.length

      // This server answers the old session id with 400 (-32000), which the client takes as an unknown session.
      const result = await client.callTool('echo', { message: 'after restart' }, CALL)
      expect(textOf(result)).toBe('Echo: after restart')

      const after = records.slice(before).filter((record) => record.method === 'POST')
      // The old session was refused with 400...
      expect(after[0]).toMatchObject({ body: { method: 'tools/call' }, sessionId: oldSession, status: 400 })
      // ...then exactly one new session...
      const initializes = after.filter((record) => record.body?.method === 'initialize')
      expect(initializes).toHaveLength(1)
      const newSession = initializes[0]!.responseSessionId
      expect(newSession).toMatch(/^[0-9a-f-]{36}$/)
      expect(newSession).not.toBe(oldSession)
      // ...and the call again, in it.
      expect(after.filter((record) => record.body?.method === 'tools/call').at(-1)).toMatchObject({ sessionId: newSession, status: 200 })
    })
  }
})
