/**
 * Waiting for a person never times out a call: `timeoutMs` bounds what the
 * server takes, not what the person takes. In the modern era the question
 * is asked between requests; in the legacy era it is asked while the call's
 * POST is open, so the deadline stops while the pushed question waits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLegacyServer, type LegacyServer } from '../../servers/legacy-server.ts'
import { startModernServer, type ModernServer } from '../../servers/modern-server.ts'
import { createClient } from './client'
import { linkSignal } from './signals'

let legacy: LegacyServer
let modern: ModernServer
beforeAll(async () => {
  ;[legacy, modern] = await Promise.all([startLegacyServer(), startModernServer()])
})
afterAll(async () => {
  await Promise.all([legacy.close(), modern.close()])
})

/** The server's own work takes far less than this (a loaded CI machine included); the person takes longer. */
const DEADLINE_MS = 1000

const slowPerson = (ms: number, content: Record<string, unknown>) => async (requests: Record<string, unknown>) => {
  await new Promise((resolve) => setTimeout(resolve, ms))
  return Object.fromEntries(Object.keys(requests).map((key) => [key, { action: 'accept' as const, content: content as Record<string, string> }]))
}

describe('time a person takes', () => {
  it('does not count against timeoutMs in the legacy era (the deadline stops while the pushed question waits)', async () => {
    const client = createClient(legacy.url, { protocolVersion: '2025-11-25', capabilities: { elicitation: { form: {} } }, onWarning: () => {} })
    // The session (and the legacy era's code, a chunk of its own) first: only the person's time is under test.
    await client.discover()
    const result = await client.callTool('ask_name', {}, { timeoutMs: DEADLINE_MS, onInputRequests: slowPerson(DEADLINE_MS + 400, { name: 'Slow Sam' }) })
    expect(JSON.stringify(result.content)).toContain('Slow Sam')
    await client.close()
  })

  it('does not count against timeoutMs in the modern era either', async () => {
    const client = createClient(modern.url, { capabilities: { elicitation: { form: {} } }, onWarning: () => {} })
    // The era probe and the tool listing first: only the person's time is under test.
    await client.listTools()
    // Two rounds, each longer than the deadline on its own.
    const result = await client.callTool('wizard', {}, { timeoutMs: DEADLINE_MS, onInputRequests: slowPerson(DEADLINE_MS + 100, { color: 'red', size: 2 }) })
    expect(JSON.stringify(result.content)).toContain('red')
  })

  it('a held deadline resumes with the time it had left, and holds may overlap', async () => {
    const link = linkSignal(undefined, 120)
    await new Promise((resolve) => setTimeout(resolve, 60))
    const releaseA = link.hold()
    const releaseB = link.hold()
    await new Promise((resolve) => setTimeout(resolve, 200))
    releaseA()
    expect(link.signal.aborted).toBe(false)
    releaseB()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(link.signal.aborted).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(link.signal.aborted).toBe(true)
    link.dispose()
  })
})
