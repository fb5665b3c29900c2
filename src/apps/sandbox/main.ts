/**
 * The entry of the sandbox page's inline script (bundled by
 * scripts/build-sandbox.mjs into dist/apps/sandbox.html): start the proxy in
 * this window. Kept apart from proxy.ts so tests can import the proxy
 * without starting it.
 */
import { startSandboxProxy } from './proxy.js'

startSandboxProxy(window)
