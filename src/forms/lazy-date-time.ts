/**
 * The date-time widget, loaded with the first form that has a `date-time`
 * field (issue 23: a page pays only for what it uses): `date-time-widget.tsx`
 * and the conversions behind it (`date-time.ts`), which also read a
 * `date-time` default for the schema mapping (`toKeyedFormSchema`).
 *
 * Unlike the file input (`lazy-file-widget.tsx`), the form waits for it
 * before showing its fields, as it waits for the default validator
 * (`default-validator.ts`): the mapping needs it for the field's default, so
 * the fields come all at once, nothing moves or is replaced under the
 * person's hands, nothing typed can be lost, and the form's autofocus lands
 * on its first field as usual. The chunk loads once per page; a later form
 * with a date-time field shows its fields at once.
 *
 * A chunk that cannot be fetched (offline, a deploy replaced the files) is
 * told to the form's `onError` as a `PartLoadError`, and the form shows a
 * line and Try again in place of the fields, with Decline and Skip question;
 * Try again asks for the chunk anew (`loadOnce` forgets a failure).
 */
import { useEffect, useState, type ErrorInfo } from 'react'
import { loadOnce } from '../core/index.js'
import { PartLoadError } from './lazy-parts.js'

type DateTimeKit = typeof import('./date-time-widget.js')

// Set once loaded: a later form renders with it at once.
let loaded: DateTimeKit | undefined

/** Loads the date-time widget (once; again after a failure). Exported for the tests. */
export const loadDateTimeWidget = loadOnce(() =>
  import('./date-time-widget.js').then(
    (module) => (loaded = module),
    (cause: unknown) => {
      throw new PartLoadError('DateTimeWidget', cause)
    },
  ),
)

/**
 * Whether the server's schema has a `date-time` field. Read before the
 * mapping, generously: a field the mapping then refuses may load the widget
 * for nothing, but a field it shows never goes without it.
 */
export function hasDateTimeField(requestedSchema: unknown): boolean {
  const properties: unknown = typeof requestedSchema === 'object' && requestedSchema !== null ? (requestedSchema as { properties?: unknown }).properties : undefined
  return typeof properties === 'object' && properties !== null && Object.values(properties).some((property: unknown) => typeof property === 'object' && property !== null && (property as { format?: unknown }).format === 'date-time')
}

/** The date-time part of one form. */
export interface DateTimePart {
  /** The loaded module when the form `needed` it: its widget and `dateTimeDefault`. */
  kit: DateTimeKit | undefined
  /** `loading` until it is there (at once when not needed), `failed` when its chunk could not be loaded. */
  state: 'loading' | 'ready' | 'failed'
  /** How many times the person asked to try again. */
  attempt: number
  /** Asks for the chunk again. */
  retry: () => void
}

/** Loads the date-time widget when `needed`; see the module's comment. */
export function useDateTimePart(needed: boolean, onError: ((error: unknown, info: ErrorInfo) => void) | undefined): DateTimePart {
  const [attempt, setAttempt] = useState(0)
  // The attempt that failed, so a render after Try again does not show the old failure.
  const [failedAttempt, setFailedAttempt] = useState(-1)
  const [, setArrived] = useState(false)
  const ready = !needed || loaded !== undefined
  useEffect(() => {
    if (ready) return
    let live = true
    loadDateTimeWidget().then(
      () => live && setArrived(true),
      (error: unknown) => {
        if (!live) return
        setFailedAttempt(attempt)
        onError?.(error, { componentStack: null })
      },
    )
    return () => {
      live = false
    }
  }, [ready, attempt])
  return {
    kit: needed ? loaded : undefined,
    state: ready ? 'ready' : failedAttempt === attempt ? 'failed' : 'loading',
    attempt,
    retry: () => setAttempt(attempt + 1),
  }
}
