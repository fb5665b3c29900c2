/**
 * The authorization server of the auth integration tests is the one the
 * demo stack runs: oidc-provider, configured in
 * `demo/servers/authorization-server.ts` (one set of servers for the demo,
 * the tests and the bench).
 */
export * from '../../demo/servers/authorization-server.ts'
