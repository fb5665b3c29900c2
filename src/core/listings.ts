/**
 * One client's listings (`tools/list`, `prompts/list`, `resources/list`,
 * `resources/templates/list`), every page, through the result cache; and
 * the `Mcp-Param-*` header bindings of the tools, which come from the
 * latest tool listing, so a tool call can carry them.
 *
 * A chunk of its own (client.ts): it loads with the first listing a page
 * asks for, or with the first -32020 a server answers a tool call with. A
 * call before either goes out without `Mcp-Param-*` headers, as SEP-2243
 * asks of a client that never obtained the tool's schema.
 */
import type { ListOptions, RequestOptions } from './client-options.js'
import { displayText, isObject } from './server-values.js'
import { isMcpProtocolError } from './errors.js'
import { linkSignal, type LinkedSignal } from './signals.js'
import type { CacheHandle } from './cache-handle.js'
import { checkToolHeaders, paramHeaders, type ParamHeaderBinding } from './tool-headers.js'
import type { JsonObject, McpResult, Tool } from './types.js'

const MAX_PAGES = 100

export interface ListingsDeps {
  request: (method: string, params: JsonObject, options: RequestOptions) => Promise<McpResult>
  /** Undefined when the client keeps no cache. */
  cache: CacheHandle | undefined
  warn: (message: string) => void
  /** The client's `timeoutMs`, for a caller that gave none. */
  timeoutMs: number | undefined
}

export class Listings {
  #deps: ListingsDeps
  /** `Mcp-Param-*` bindings of the tools of the latest listing, fresh or not. */
  #bindings = new Map<string, ParamHeaderBinding[]>()
  /** The listing `#bindings` was made from: a cached one is checked once, not before every call. */
  #adopted: unknown
  #toolsListed = false

  constructor(deps: ListingsDeps) {
    this.#deps = deps
  }

  /**
   * Every page of a list. A listing still fresh by its `ttlMs` comes from the
   * cache (`reload` skips it); a new one is kept for the shortest `ttlMs` of
   * its pages, shared with other clients of the endpoint that send the same
   * credentials only when every page said `public`.
   */
  async #listAll(method: string, key: string, options: ListOptions): Promise<{ items: JsonObject[]; cached: boolean }> {
    // The cache reads the credentials (which may wait on a sign-in in progress): the caller's deadline holds there too.
    // Its clock stops while a page is out, each page having a deadline of its own.
    const link = linkSignal(options.signal, options.timeoutMs ?? this.#deps.timeoutMs)
    try {
      return await this.#listAllWithin(method, key, options, link)
    } finally {
      link.dispose()
    }
  }

  async #listAllWithin(method: string, key: string, options: ListOptions, link: LinkedSignal): Promise<{ items: JsonObject[]; cached: boolean }> {
    const cache = this.#deps.cache
    const cached = options.reload ? undefined : await cache?.get<JsonObject[]>(method, link.signal)
    if (cached?.fresh) return { items: cached.value, cached: true }
    const items: JsonObject[] = []
    const seen = new Set<string>()
    const pages: McpResult[] = []
    let cursor: string | undefined
    const sentWith = cache?.sending(link.signal)
    let dropped = 0
    const done = () => {
      if (dropped > 0) this.#deps.warn(`${method} listed ${dropped} ${dropped === 1 ? 'entry that is' : 'entries that are'} not an object; left out`)
    }
    for (let page = 0; page < MAX_PAGES; page++) {
      const release = link.hold()
      const result = await this.#deps.request(method, cursor === undefined ? {} : { cursor }, options).finally(release)
      pages.push(result)
      const list = result[key]
      // One by one: spreading a list of 300,000 into push() overflows the stack. An entry that is no object is nothing a caller can use.
      if (Array.isArray(list)) {
        for (const item of list) {
          if (isObject(item)) items.push(item)
          else dropped++
        }
      }
      const next = result.nextCursor
      if (typeof next !== 'string' || next === '' || seen.has(next)) {
        done()
        await cache?.put(method, items, pages, sentWith, link.signal)
        return { items, cached: false }
      }
      seen.add(next)
      cursor = next
    }
    done()
    this.#deps.warn(`${method} returned more than ${MAX_PAGES} pages; the rest was not read`)
    return { items, cached: false }
  }

  /** Every item of a list other than the tools (`key` names the result's array). */
  async list(method: 'prompts/list' | 'resources/list' | 'resources/templates/list', key: string, options: ListOptions): Promise<JsonObject[]> {
    return (await this.#listAll(method, key, options)).items
  }

  /**
   * Every tool, all pages; from the cache while the listing is fresh. Tools
   * whose `x-mcp-header` annotations are invalid are left out, with a
   * warning (for a listing just fetched) naming the tool and the reason.
   */
  async tools(options: ListOptions): Promise<Tool[]> {
    const { items, cached } = await this.#listAll('tools/list', 'tools', options)
    return this.#adoptTools(items as unknown as Tool[], !cached)
  }

  /** Takes a listing as the source of `Mcp-Param-*` headers; returns its tools with valid annotations. */
  #adoptTools(tools: Tool[], warn: boolean): Tool[] {
    const valid: Tool[] = []
    this.#adopted = tools
    this.#bindings.clear()
    for (const tool of tools) {
      const check = checkToolHeaders(tool)
      if (!check.ok) {
        if (warn) this.#deps.warn(`Tool "${displayText(tool.name)}" left out: ${check.reason}`)
        continue
      }
      this.#bindings.set(tool.name, check.bindings)
      valid.push(tool)
    }
    this.#toolsListed = true
    return valid
  }

  /**
   * The `Mcp-Param-*` headers of a tool call, from the latest listing (one
   * is asked for first when it is stale or does not know the tool). The
   * client sends the call; on the server's -32020 it asks {@link afterMismatch}.
   */
  headersFor(name: string, args: JsonObject | undefined, options: RequestOptions): Promise<Record<string, string>> {
    return this.#headersFor(name, args, options, false)
  }

  /**
   * The headers after the server's -32020 (the tool's schema changed since it
   * was listed, or it was never listed): those of a listing asked for now,
   * for the call's one more try.
   */
  afterMismatch(name: string, args: JsonObject | undefined, options: RequestOptions): Promise<Record<string, string>> {
    return this.#headersFor(name, args, options, true)
  }

  async #headersFor(name: string, args: JsonObject | undefined, options: RequestOptions, refresh: boolean): Promise<Record<string, string>> {
    if (refresh || (await this.#needsListing(name, options.signal))) {
      try {
        await this.tools({ signal: options.signal, timeoutMs: options.timeoutMs, reload: refresh })
      } catch (error) {
        // A server that cannot list its tools can still be called; it just gets no Mcp-Param-* headers.
        if (!isMcpProtocolError(error)) throw error
        this.#deps.warn(`tools/list failed (${error.message}); calling ${name} without Mcp-Param headers`)
        this.#toolsListed = true
      }
    }
    return paramHeaders(this.#bindings.get(name) ?? [], args)
  }

  /**
   * Whether a call to `name` must wait for a `tools/list` first, so its
   * `Mcp-Param-*` headers follow the current schema. Not when no listing
   * was ever obtained (SEP-2243: the call goes out without them; a server
   * that needs them answers -32020 and the call is retried after a listing),
   * nor when the listing is fresh (this client's, or a public one of
   * another client of the endpoint with the same credentials), nor when an
   * earlier listing showed no `x-mcp-header` parameter for the tool (should
   * it have gained one, the server answers -32020 likewise). Only a stale
   * listing whose tool has such parameters is asked for again.
   */
  async #needsListing(name: string, signal: AbortSignal | undefined): Promise<boolean> {
    const cache = this.#deps.cache
    if (!cache) return false
    const cached = await cache.get<Tool[]>('tools/list', signal)
    if (!cached) return false
    if (cached.value !== this.#adopted && (!this.#toolsListed || cached.fresh)) this.#adoptTools(cached.value, false)
    if (cached.fresh) return false
    return (this.#bindings.get(name)?.length ?? 0) > 0
  }
}
