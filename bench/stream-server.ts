/**
 * The streaming benchmark's server in its own process (what `stream.mjs`
 * does, so the server's memory stays out of the client's): `node
 * bench/stream-server.ts` prints `{"url": …}` on stdout and serves until
 * stdin closes. The server itself is the kit's (`servers/bench-servers.ts`).
 */
import { pathToFileURL } from 'node:url'

import { startStreamServer } from '../servers/bench-servers.ts'
import { serveUntilStdinEnds } from '../servers/host.ts'

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) serveUntilStdinEnds(await startStreamServer())
