/**
 * An authorization in progress, as kept in `pendingStorage` across a
 * full-page redirect: everything needed to check the callback and exchange
 * its code, and nothing granted yet (no token, no client secret).
 */
import { parseRecord } from './storage.js'

export interface PendingAuthorization {
  endpoint: string
  issuer: string
  resource: string
  scopes: string[]
  stepUp: boolean
  clientId: string
  /** How the client authenticates: a public client (`none`) can be rebuilt from its id alone. */
  clientAuthMethod: string | undefined
  /** The 2025-03-26 default endpoints stood in for metadata: the next page must use them too. */
  defaultEndpoints: boolean
  verifier: string
  state: string
  /** Epoch ms: an entry older than {@link PENDING_TTL_MS} is stale (its code would be expired too). */
  createdAt: number
}

/** Which issuer and resource an endpoint's tokens are filed under. */
export const indexKey = (endpoint: string) => `endpoint ${endpoint}`
/** The state is random per sign-in, so it names its pending entry (and a callback finds it by its own `state`). */
export const pendingKey = (state: string) => `pending ${state}`
export const PENDING_TTL_MS = 30 * 60_000

export function readPending(text: string | undefined): PendingAuthorization | undefined {
  const record = parseRecord<PendingAuthorization>(text)
  if (!record) return undefined
  const strings = [record.endpoint, record.issuer, record.resource, record.clientId, record.verifier, record.state]
  if (!strings.every((value) => typeof value === 'string') || !Array.isArray(record.scopes) || typeof record.createdAt !== 'number') return undefined
  return record
}

export interface EndpointIndex {
  issuer: string
  resource: string
}

export function readIndex(text: string | undefined): EndpointIndex | undefined {
  const index = parseRecord<EndpointIndex>(text)
  return index && typeof index.issuer === 'string' && typeof index.resource === 'string' ? index : undefined
}
