/**
 * mcp-elicit/stores/server: the backend half of `remoteCallStorage()` (in
 * `mcp-elicit/stores`): a Fetch API request handler that keeps each
 * signed-in user's calls in PostgreSQL (`pg`, or PGlite in-process), its
 * migrations, and a Node listener around it. `pg` and PGlite are optional
 * peers: the app passes the client it has. Imports only the core.
 */
export { createCallStoreHandler } from './handler.js'
export type { CallStoreHandlerOptions } from './handler.js'
export { migrate, MIGRATIONS } from './schema.js'
export { sweepExpired } from './records.js'
export type { CallRecordRow, CallSummary } from './records.js'
export type { SqlClient, SqlPool } from './sql.js'
export { toNodeListener } from './node.js'
export type { NodeRequestLike, NodeResponseLike } from './node.js'
