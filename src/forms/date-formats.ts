/**
 * The `date` format as ajv-formats 2.1.1 ("full" mode, the version
 * @rjsf/validator-ajv8 6.x depends on) checks it, quirks included. Apart
 * from the other formats (`string-formats.ts`) because the schema mapping
 * checks date defaults on every form, while the rest is needed only by the
 * no-eval validator, which loads on demand; `date-time` (`date-time-format.ts`)
 * only by it and by the date-time widget, which loads with the first
 * date-time field.
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
