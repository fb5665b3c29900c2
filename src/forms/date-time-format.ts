/**
 * The `date-time` format as ajv-formats 2.1.1 ("full" mode, the version
 * @rjsf/validator-ajv8 6.x depends on) checks it, quirks included. Used by
 * the no-eval validator (`string-formats.ts`) and by the reading of a
 * `date-time` default (`date-time.ts`), both loaded on demand; the `date`
 * format, which every form's mapping checks, is in `date-formats.ts`.
 */
import { isDate } from './date-formats.js'

/**
 * The time part of a date-time as ajv-formats 2.1.1 (the version
 * @rjsf/validator-ajv8 6.x depends on) checks it: `hh:mm:ss[.frac]`, a leap
 * second only as 23:59:60, and an offset that may be missing or be `+hh`,
 * `+hhmm`, `+hh:mm` with any digits.
 */
function isTime(value: string): boolean {
  const match = /^(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[zZ]|[+-]\d{2}(?::?\d{2})?)?$/.exec(value)
  if (!match) return false
  const hour = Number(match[1])
  const minute = Number(match[2])
  const second = Number(match[3])
  return (hour <= 23 && minute <= 59 && second <= 59) || (hour === 23 && minute === 59 && second === 60)
}

/** A `date-time`: a {@link isDate} date, `T` (or `t`, or whitespace) and a time as `isTime` reads it. */
export function isDateTime(value: string): boolean {
  const parts = value.split(/[tT\s]/)
  return parts.length === 2 && isDate(parts[0]!) && isTime(parts[1]!)
}
