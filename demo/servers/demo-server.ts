/** Moved to the server kit: `servers/demo-server.ts`. This path stays for the library's own tests in src/, which import it. */
export * from '../../servers/demo-server.ts'
