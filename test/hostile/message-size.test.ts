/**
 * Hostile servers, class "message size": one cap (`limits.maxMessageBytes`,
 * 16 MiB by default) for a message however it comes. A tool result with a
 * 5 MB base64 image is as welcome in an SSE event as in a JSON body, in both
 * eras; a message over the cap fails with the typed error either way, and the
 * client stops reading there.
 */
import { randomBytes } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_LIMITS, McpResponseTooLargeError, type ClientOptions, type McpClient } from '../../src/core/index.ts'
import { hostilePerTest, json, LEGACY, legacy, MODERN, modern, openSse, type Exchange, type HostileServer } from './hostile-server.ts'

const hostile = hostilePerTest()
let server: HostileServer
beforeEach(() => {
  server = hostile.server
})
const client = (options?: ClientOptions): McpClient => hostile.client(options)

/** 3.75 MB of bytes: 5,000,000 characters of base64. */
const IMAGE = randomBytes(3_750_000).toString('base64')
const imageResult = (data = IMAGE) => ({ content: [{ type: 'image', data, mimeType: 'image/png' }] })

/** Answers the tools/call on an SSE stream: one event carrying the whole result. */
function overSse(x: Exchange, result: unknown): void {
  const sse = openSse(x)
  sse.send({ jsonrpc: '2.0', id: x.body.id, result })
  sse.end()
}

const setUp = (era: string) => (era === MODERN ? modern(server) : legacy(server))

describe('message size: a 5 MB tool result in one SSE event', () => {
  it.each([MODERN, LEGACY])('%s: arrives whole with the default limits', async (era) => {
    setUp(era)
    server.rpc('tools/call', (x) => overSse(x, imageResult()))
    const result = await client({ protocolVersion: era }).callTool('picture')
    const [item] = result.content as Array<{ type: string; data: string; mimeType: string }>
    expect(item!.type).toBe('image')
    expect(item!.data.length).toBe(5_000_000)
    expect(item!.data === IMAGE).toBe(true)
    expect(DEFAULT_LIMITS.maxMessageBytes).toBe(16 * 1024 * 1024)
  })
})

describe('message size: over the cap, the typed error', () => {
  it.each([MODERN, LEGACY])('%s: an event past the default 16 MiB fails as too large (part "event")', async (era) => {
    setUp(era)
    const huge = 'A'.repeat(16 * 1024 * 1024 + 4096)
    server.rpc('tools/call', (x) => overSse(x, imageResult(huge)))
    const error = await client({ protocolVersion: era }).callTool('picture').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(McpResponseTooLargeError)
    expect(error).toMatchObject({ code: 'RESPONSE_TOO_LARGE', part: 'event', limit: 16 * 1024 * 1024, method: 'tools/call' })
  })

  it('maxMessageBytes caps JSON bodies and SSE events alike', async () => {
    const limits = { maxMessageBytes: 4_000_000 }
    modern(server)
    let asJson = false
    server.rpc('tools/call', (x) => (asJson ? json(x.res, { jsonrpc: '2.0', id: x.body.id, result: imageResult() }) : overSse(x, imageResult())))
    const mcp = client({ protocolVersion: MODERN, limits })
    const overEvent = await mcp.callTool('picture').catch((e: unknown) => e)
    expect(overEvent).toBeInstanceOf(McpResponseTooLargeError)
    expect(overEvent).toMatchObject({ part: 'event', limit: 4_000_000 })
    asJson = true
    const overBody = await mcp.callTool('picture').catch((e: unknown) => e)
    expect(overBody).toBeInstanceOf(McpResponseTooLargeError)
    expect(overBody).toMatchObject({ part: 'body', limit: 4_000_000, status: 200 })
  })
})
