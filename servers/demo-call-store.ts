/**
 * The demo page server's backend store of questions (`mcp-elicit/stores/server`
 * over PGlite, Postgres in this process: `npm run demo` needs no database
 * server) and the "signed-in user" it keeps them for: a per-browser session
 * cookie, as a host's own session would be. A second browser becomes the
 * same user through the link `GET /api/session` gives (`/api/session/link?as=…`, which opens the tool console):
 * then both see, and may answer, the same questions.
 *
 * Routes: `/api/mcp-calls/…` (the handler), `GET /api/session`,
 * `GET /api/session/link?as=<user>`. Loaded through Vite's module runner by
 * demo/stack.ts (it imports the library's sources).
 */
import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createCallStoreHandler, migrate, toNodeListener } from '../src/stores/server/index.ts'
import { startPglite } from './postgres.ts'

export const CALLS_PATH = '/api/mcp-calls'
const COOKIE = 'demo-user'
const USER = /^[a-f0-9]{32}$/

function userOf(cookie: string | undefined): string | undefined {
  const user = new RegExp(`(?:^|;\\s*)${COOKIE}=([^;]+)`).exec(cookie ?? '')?.[1]
  return user && USER.test(user) ? user : undefined
}

const sessionCookie = (user: string) => `${COOKIE}=${user}; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000`

export interface DemoCallStore {
  /** Answers the store's and the session's routes; false for any other path. */
  route(req: IncomingMessage, res: ServerResponse): boolean
  close(): Promise<void>
}

export async function startDemoCallStore(): Promise<DemoCallStore> {
  const { db, stop } = await startPglite()
  await migrate(db)
  const handler = toNodeListener(
    createCallStoreHandler({ db, basePath: CALLS_PATH, userOf: (request) => userOf(request.headers.get('cookie') ?? undefined), ttlMs: 24 * 60 * 60 * 1000 }),
  )
  return {
    route(req, res) {
      const url = new URL(req.url ?? '/', 'http://demo')
      // A browser is a demo user from its first page: the page's own looks at the store then carry the
      // cookie (without it the first would be refused, 401, and the page's console would report it).
      if (req.method === 'GET' && !userOf(req.headers.cookie) && (req.headers['sec-fetch-dest'] === 'document' || /text\/html/.test(req.headers.accept ?? ''))) {
        res.setHeader('set-cookie', sessionCookie(randomBytes(16).toString('hex')))
      }
      if (url.pathname === CALLS_PATH || url.pathname.startsWith(`${CALLS_PATH}/`)) {
        handler(req, res)
        return true
      }
      if (url.pathname === '/api/session') {
        const user = userOf(req.headers.cookie) ?? randomBytes(16).toString('hex')
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store', 'set-cookie': sessionCookie(user), 'x-content-type-options': 'nosniff' })
        res.end(JSON.stringify({ user, link: `/api/session/link?as=${user}` }))
        return true
      }
      if (url.pathname === '/api/session/link') {
        const user = url.searchParams.get('as') ?? ''
        if (!USER.test(user)) {
          res.writeHead(400, { 'content-type': 'text/plain' }).end('not a demo user')
          return true
        }
        res.writeHead(302, { location: '/console.html', 'set-cookie': sessionCookie(user), 'cache-control': 'no-store' }).end()
        return true
      }
      return false
    },
    close: stop,
  }
}
