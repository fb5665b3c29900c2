/**
 * `<mcp-elicit-sign-in>`: the sign-in card of one server, for a page that
 * shows it where it wants (a "Sign in" in a settings pane, a header). A call
 * that needs a sign-in shows the same card in its own element; this one is
 * for signing in before (or apart from) any call.
 *
 * Signed out, the card offers Sign in: the window opens inside the click
 * (browsers block one opened later) and the element sends one request
 * (`tools/list`), whose challenge fills it, as a call would. While a sign-in
 * is pending or failed, the card shows it as `SignInCard` does for a call.
 * Signed in, the element shows nothing; `status` tells the page.
 */
import { useEffect, useRef, type ErrorInfo, type ReactNode } from 'react'
import type { McpClient } from '../core/index.js'
import type { Messages } from '../forms/index.js'
import { LazySignInCard } from '../forms/lazy-parts.js'
import { McpProvider, useMcpAuth, type McpAuthStatus, type SignInStore } from '../react/index.js'
import { McpElement } from './base.js'
import { defineRenderingProperties } from './host-element.js'
import type { McpSignInEventMap, McpSignInStatusDetail } from './events.js'

/**
 * The sign-in card of the client's server.
 *
 * @tagname mcp-elicit-sign-in
 * @attr {boolean} shadow - Render in a shadow root of the element's own (read at the first connection).
 * @fires {CustomEvent<McpSignInStatusDetail>} status - The server's sign-in status changed: `signed_out`, `signing_in`, `signed_in` or `error` (`detail.status`, `detail.endpoint`).
 * @fires {CustomEvent<McpErrorDetail>} error - The card failed to render.
 */
export class McpSignInElement extends McpElement {
  static get observedAttributes(): string[] {
    return [...McpElement.baseAttributes]
  }

  protected readonly upgradable = ['client', 'signIn', 'messages']

  /** The client of the server to sign in to; its `auth` is the `browserOAuth()` that `signIn` belongs to. Property only. */
  declare client: McpClient | undefined
  /** The browser sign-in (`browserOAuth().signIn`). Property only. */
  declare signIn: SignInStore | undefined
  /** Replacement texts (i18n). Property only. */
  declare messages: Partial<Messages> | undefined

  #status: McpAuthStatus | undefined

  /** The server's sign-in status as last reported (`status` event); undefined before the element has a client and a sign-in. */
  get status(): McpAuthStatus | undefined {
    return this.#status
  }

  override addEventListener<K extends keyof McpSignInEventMap>(type: K, listener: (this: McpSignInElement, event: McpSignInEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void
  override addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void
  override addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void {
    super.addEventListener(type, listener, options)
  }

  override removeEventListener<K extends keyof McpSignInEventMap>(type: K, listener: (this: McpSignInElement, event: McpSignInEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void
  override removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void
  override removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void {
    super.removeEventListener(type, listener, options)
  }

  protected renderTree(): ReactNode {
    const client = this.client
    const store = this.signIn
    if (!client || !store) return null
    return (
      <McpProvider client={client} signIn={store}>
        <SignInView
          client={client}
          messages={this.messages}
          onStatus={(detail) => {
            this.#status = detail.status
            this.emit('status', detail)
          }}
          onError={(error) => this.emit('error', { source: 'render', error })}
        />
      </McpProvider>
    )
  }
}

defineRenderingProperties(McpSignInElement, ['client', 'signIn', 'messages'])

function SignInView(props: { client: McpClient; messages: Partial<Messages> | undefined; onStatus: (detail: McpSignInStatusDetail) => void; onError: (error: unknown, info: ErrorInfo) => void }) {
  const { client } = props
  const auth = useMcpAuth()
  const told = useRef<McpAuthStatus | undefined>(undefined)
  const latest = useRef(props.onStatus)
  latest.current = props.onStatus
  useEffect(() => {
    if (told.current === auth.status) return
    told.current = auth.status
    latest.current({ status: auth.status, endpoint: auth.endpoint })
  }, [auth.status, auth.endpoint])
  if (auth.status === 'signed_in') return null
  // Nothing asked yet: the request that follows the click brings the server's challenge, which fills the window.
  const ask = () => void client.listTools().catch(() => {})
  return (
    <LazySignInCard
      {...auth}
      signIn={() => {
        auth.signIn()
        if (auth.status === 'signed_out') ask()
      }}
      onRetry={ask}
      server={client.serverInfo}
      url={client.url}
      messages={props.messages}
      onError={props.onError}
    />
  )
}
