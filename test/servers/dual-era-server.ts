/** Moved to the server kit: `servers/dual-era-server.ts`. This path stays for the library's own tests in src/, which import it. */
export * from '../../servers/dual-era-server.ts'
