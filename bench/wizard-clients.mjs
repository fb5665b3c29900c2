/**
 * The two contestants of the many-call parts (memory.mjs, load.mjs), each
 * answering the `wizard` tool's two rounds (a colour, then a size) the same
 * way: `ours` (`createClient` from `dist/index.js`) and the official client
 * 2.4.0. `call()` runs one `wizard` call; its text is EXPECT when right.
 */
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

export const ANSWERS = { color: { color: 'blue' }, size: { size: 8 } }
export const EXPECT = JSON.stringify({ color: 'blue', size: 8 })

/** `limits` applies to ours only (the official client has no such option). */
export async function makeWizardClient(who, url, { root, limits } = {}) {
  if (who === 'ours') {
    const { createClient } = await import(pathToFileURL(join(root, 'dist', 'index.js')).href)
    const client = createClient(url, {
      ...(limits && { limits }),
      capabilities: { elicitation: { form: {} } },
      onInputRequests: async (requests) =>
        Object.fromEntries(Object.keys(requests).map((key) => [key, { action: 'accept', content: ANSWERS[key] }])),
    })
    return { call: () => client.callTool('wizard', {}), close: () => client.close() }
  }
  const { Client, StreamableHTTPClientTransport } = await import('@modelcontextprotocol/client')
  const client = new Client({ name: 'bench-official', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: 'auto' } })
  client.setRequestHandler('elicitation/create', async (request) => {
    const props = Object.keys(request.params.requestedSchema?.properties ?? {})
    return { action: 'accept', content: ANSWERS[props.includes('color') ? 'color' : 'size'] }
  })
  await client.connect(new StreamableHTTPClientTransport(new URL(url)))
  return { call: () => client.callTool({ name: 'wizard', arguments: {} }), close: () => client.close() }
}
