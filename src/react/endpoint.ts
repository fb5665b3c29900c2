/**
 * The key a sign-in is filed under: the core's `endpointKey` (one rule for
 * every layer), under the names the hooks use.
 */
export { endpointKey as endpointOf, sameEndpoint } from '../core/index.js'
