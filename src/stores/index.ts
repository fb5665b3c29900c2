/**
 * mcp-elicit/stores: call storages for the browser that outlive the tab.
 * `indexedDbCallStorage()` keeps calls in IndexedDB (restarts, and the tabs
 * of the origin in step); `remoteCallStorage()` keeps them on the host's
 * backend (`mcp-elicit/stores/server`), so the person's other devices find
 * them. Imports only the core.
 */
export { indexedDbCallStorage } from './indexed-db.js'
export type { IndexedDbCallStorage, IndexedDbCallStorageOptions } from './indexed-db.js'
export { remoteCallStorage } from './remote.js'
export type { RemoteCallStorage, RemoteCallStorageOptions } from './remote.js'
export type { CallSummary } from './wire.js'
export { defaultCallStorage } from './default.js'
