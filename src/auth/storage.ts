/**
 * Where credentials live. Tokens are keyed by the authorization server's
 * issuer and the MCP endpoint together, so two servers never share a token,
 * even behind one issuer or when one names its whole host as the resource; a registered client is keyed by
 * issuer alone. The default keeps everything in memory (gone with the page);
 * the `sessionStorage` adapter keeps it to the tab. No adapter here writes to
 * `localStorage`: a refresh token there outlives the session in plaintext.
 */

/** Tokens for one resource from one issuer. */
export interface StoredTokens {
  /**
   * The issuer that issued them: the refresh token goes to that issuer's
   * token endpoint and no other, whatever server the resource names later.
   * (Absent in records written before it was kept: the endpoint's index names it then.)
   */
  issuer?: string | undefined
  accessToken: string
  tokenType: string
  /** Epoch ms; absent when the server named no lifetime. */
  expiresAt?: number | undefined
  refreshToken?: string | undefined
  /** The scopes granted (or asked for, when the server did not say). */
  scopes: string[]
}

/** A client identity at one issuer (registered dynamically, or a metadata document URL). */
export interface StoredClient {
  clientId: string
  clientSecret?: string | undefined
  tokenEndpointAuthMethod?: string | undefined
}

export interface CredentialStorage {
  get(key: string): Promise<string | undefined> | string | undefined
  set(key: string, value: string): Promise<void> | void
  delete(key: string): Promise<void> | void
}

/** Tokens of one MCP endpoint (its `endpointKey`) from one issuer. */
export const tokensKey = (issuer: string, endpoint: string) => `tokens ${issuer} ${endpoint}`
export const clientKey = (issuer: string) => `client ${issuer}`

/** In memory, for this page only: the default. */
export function memoryCredentials(): CredentialStorage {
  const items = new Map<string, string>()
  return {
    get: (key) => items.get(key),
    set: (key, value) => void items.set(key, value),
    delete: (key) => void items.delete(key),
  }
}

/**
 * In `sessionStorage`: this tab only, across reloads (what a full-page
 * redirect sign-in needs), cleared when the tab closes.
 * @defaultValue prefix `'mcp-elicit-auth:'`
 */
export function sessionStorageCredentials(prefix = 'mcp-elicit-auth:', storage: Storage = globalThis.sessionStorage): CredentialStorage {
  return {
    get: (key) => storage.getItem(prefix + key) ?? undefined,
    set: (key, value) => storage.setItem(prefix + key, value),
    delete: (key) => storage.removeItem(prefix + key),
  }
}

/** Reads a JSON record back, or undefined for anything that is not an object. */
export function parseRecord<T>(text: string | undefined): T | undefined {
  if (!text) return undefined
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as T) : undefined
  } catch {
    return undefined
  }
}
