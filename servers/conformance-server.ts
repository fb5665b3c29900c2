/**
 * The server the official conformance suite's server scenarios run against:
 * the demo server with the suite's fixtures (`startDemoServer({ conformance:
 * true })`, see `tools/conformance.ts`). `conformance/run.mjs` starts one per
 * scenario in its own process; by hand:
 *
 *   node servers/conformance-server.ts        (prints {"url": …}, serves until stdin closes)
 */
import { pathToFileURL } from 'node:url'

import { startDemoServer } from './demo-server.ts'
import type { DemoServer } from './demo-server.ts'
import { serveUntilStdinEnds } from './host.ts'

export function startConformanceServer(): Promise<DemoServer> {
  return startDemoServer({ conformance: true })
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) serveUntilStdinEnds(await startConformanceServer())
