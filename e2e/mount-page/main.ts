/**
 * A page without React, as docs/apps.md ("Without React") sets one up, from
 * the built package (built-package.ts): the client lists the tools at load;
 * Show mounts `seat_map`'s app with `mountMcpApp` and hands it the call's
 * result as soon as the call returns, while the host's chunk may still be on
 * its way. The query names the MCP endpoint (`server`) and the sandbox page
 * (`sandbox`). What the host told the page (`onError`, `ready`) is
 * `#events li`.
 */
import { createClient } from 'mcp-elicit'
import { appResourceUri, mountMcpApp, withMcpApps } from 'mcp-elicit/apps'

const query = new URLSearchParams(location.search)
const client = createClient(query.get('server') ?? '', { capabilities: withMcpApps({}) })
const note = (line: string) => document.querySelector('#events')!.append(Object.assign(document.createElement('li'), { textContent: line }))
const listing = client.listTools()

document.querySelector('#show')!.addEventListener('click', async () => {
  const tool = (await listing).find((entry) => entry.name === 'seat_map' && appResourceUri(entry))
  if (!tool) return note('no seat_map app')
  const element = document.querySelector<HTMLElement>('#app')!
  element.replaceChildren()
  const args = { flight: 'LX 318', rows: 8 }
  const app = mountMcpApp(element, { client, sandbox: query.get('sandbox') ?? '', tool, toolInput: args, onError: (error) => note(`error ${error.code}: ${error.message}`) })
  app.ready.then(() => note('ready'), () => {})
  app.setToolResult(await client.callTool(tool.name, args))
})
