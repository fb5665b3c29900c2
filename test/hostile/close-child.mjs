/**
 * Run by hangs.test.ts as a child process: opens a legacy session on the
 * hostile server named by argv[2] (a tools/call with a pushed elicitation,
 * the GET stream held open by the server), closes the client, and then does
 * nothing. It must exit by itself: a timer or a socket left by the client
 * would keep it alive.
 */
import { register } from 'node:module'

register(new URL('./ts-resolve-hook.mjs', import.meta.url))
const { createClient } = await import('../../src/core/index.ts')

const client = createClient(process.argv[2], {
  protocolVersion: '2025-11-25',
  capabilities: { elicitation: { form: {} } },
  onWarning: (message) => process.stderr.write(`warning: ${message}\n`),
})
const result = await client.callTool('t', {}, {
  onInputRequests: async (requests) => Object.fromEntries(Object.keys(requests).map((key) => [key, { action: 'accept', content: { name: 'Ada' } }])),
})
process.stdout.write(`result ${JSON.stringify(result)}\n`)
await client.close()
process.stdout.write('closed\n')
