/** Telling an external store's listeners of a change. */

/** Calls every listener; one that throws stops neither the others nor the caller (its error is rethrown on its own, for the console). */
export function notify(listeners: Iterable<() => void>): void {
  for (const listener of [...listeners]) {
    try {
      listener()
    } catch (error) {
      queueMicrotask(() => {
        throw error
      })
    }
  }
}
