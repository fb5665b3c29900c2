/**
 * The bearer-protected MCP server of the auth integration tests is the one
 * the demo stack runs: `demo/servers/bearer-mcp-server.ts` (one set of MCP
 * servers for the demo, the tests and the bench).
 */
export * from '../../demo/servers/bearer-mcp-server.ts'
