/**
 * The `date` and `date-time` formats as ajv-formats 2.1.1 ("full" mode, the
 * version @rjsf/validator-ajv8 6.x depends on) checks them, quirks included.
 * Apart from the other formats (`string-formats.ts`) because the schema
 * mapping checks date defaults on every form, while the rest is needed only
 * by the no-eval validator, which loads on demand.
 */

/** A `date`: `YYYY-MM-DD`, a real day of the Gregorian calendar. */
export function isDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const year = Number(match[1])
  const month = Number(match[2])
  const day = Number(match[3])
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31
  return month >= 1 && month <= 12 && day >= 1 && day <= days
}

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
