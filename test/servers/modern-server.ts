/** Moved to the server kit: `servers/modern-server.ts`. This path stays for the library's own tests in src/, which import it. */
export * from '../../servers/modern-server.ts'
