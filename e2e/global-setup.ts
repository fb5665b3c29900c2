/**
 * Builds the demo page once, before the workers start: each worker starts its
 * own demo stack, and two of them finding demo/dist stale at once would build
 * it into the same folder together.
 */
import { buildPage } from '../demo/stack.ts'

export default async function globalSetup(): Promise<void> {
  await buildPage()
}
