/**
 * Builds what the workers share, once, before they start: the demo page
 * (each worker starts its own demo stack, and two of them finding demo/dist
 * stale at once would build it into the same folder together), and the
 * package itself (dist/) when a source is newer, for the pages that run the
 * built package (built-package.ts).
 */
import { buildPage } from '../demo/stack.ts'
import { ensureBuiltPackage } from './built-package.ts'

export default async function globalSetup(): Promise<void> {
  ensureBuiltPackage()
  await buildPage()
}
