/**
 * The defaults of a mount, in a module of their own: mount.ts (in a page's
 * first load) starts the init timeout, and the host (app-host.ts, loaded
 * with the first app) times what is left of it. Were the host to import
 * them from mount.ts, the bundler would split the modules the two share
 * out of the first load into a file of their own.
 */

/** The frame's largest height, CSS pixels. */
export const DEFAULT_MAX_HEIGHT = 800
/** From the mount to `initialized`. */
export const DEFAULT_INIT_TIMEOUT_MS = 10_000

/** `value` when it is a finite number ≥ 0, else `fallback`. */
export function positive(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback
}
