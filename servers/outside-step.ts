/**
 * The stand-in "outside step" of a URL-mode elicitation (a sign-in or
 * consent page on the server's own origin): `GET <path>?id=…` shows a page
 * with a Finish button; `GET|POST <path>/done?id=…` marks the id complete.
 *
 * Runs under Node 22 type stripping: no enums, no namespaces, no parameter
 * properties, `import type` for types, `.ts` on relative imports.
 */
import type { ServerResponse } from 'node:http'

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)
}

export interface OutsideStepPage {
  /** Page path, e.g. `/connect`; its completion path is `<path>/done`. */
  path: string
  title: string
  /** What the person is agreeing to, shown above the button. */
  explanation: string
}

/** One outside-step page of a server: the ids it issued, and those the person finished. */
export interface OutsideStep {
  /** Registers an id and returns the page URL to send the person to. */
  issue(id: string): string
  /** Ids whose Finish was pressed (or whose `/done` URL was fetched). */
  readonly completed: Set<string>
  /** Answers `<path>` and `<path>/done`; false for any other path. */
  serve(url: URL, method: string, res: ServerResponse): boolean
}

/**
 * The page at `<origin()><path>?id=…` shows a Finish button;
 * `GET|POST <path>/done?id=…` marks the id complete. Unknown ids get 404.
 * The page runs no script and forbids everything but its own form post.
 */
export function outsideStep(page: OutsideStepPage, origin: () => string): OutsideStep {
  const issued = new Set<string>()
  const completed = new Set<string>()
  return {
    issue(id) {
      issued.add(id)
      return `${origin()}${page.path}?id=${encodeURIComponent(id)}`
    },
    completed,
    serve(url, method, res) {
      if (url.pathname !== page.path && url.pathname !== `${page.path}/done`) return false
      servePage(page, url, method, res, issued, completed)
      return true
    },
  }
}

function servePage(page: OutsideStepPage, url: URL, method: string, res: ServerResponse, known: ReadonlySet<string>, completed: Set<string>): void {
  const id = url.searchParams.get('id') ?? ''
  const send = (status: number, title: string, body: string) => {
    res.writeHead(status, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    })
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escapeHtml(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1b1b1b}` +
        `button{font:inherit;padding:.5rem 1.25rem;border-radius:.375rem;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer}` +
        `code{background:#f1f1f1;padding:0 .25rem}</style></head><body><main>${body}</main></body></html>`,
    )
  }
  if (!known.has(id)) {
    send(404, 'Unknown request', `<h1>Unknown request</h1><p>This link is not one this server issued.</p>`)
    return
  }
  const safeId = escapeHtml(id)
  if (url.pathname === `${page.path}/done`) {
    if (method !== 'GET' && method !== 'POST') {
      send(405, 'Method not allowed', '<h1>Method not allowed</h1>')
      return
    }
    completed.add(id)
  }
  if (completed.has(id)) {
    send(200, `${page.title}: done`, `<h1>Done</h1><p>${escapeHtml(page.title)} is finished (<code>${safeId}</code>).</p><p>You can close this window and go back to the chat.</p>`)
    return
  }
  send(
    200,
    page.title,
    `<h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.explanation)}</p><p>Request <code>${safeId}</code></p>` +
      `<form method="post" action="${escapeHtml(`${page.path}/done?id=${encodeURIComponent(id)}`)}"><button type="submit">Finish</button></form>`,
  )
}
