/**
 * Conversions between an RFC 3339 `date-time` (what the server asks for and
 * receives) and the value of a native `<input type="datetime-local">` (a wall
 * clock time with no zone).
 *
 * Why not rjsf's own DateTimeWidget: it turns the local time into
 * `toISOString()`, i.e. silently shifts the instant the person chose to UTC
 * and drops their offset. These helpers keep both: the instant and the local
 * offset it was chosen in (`2026-11-30T14:05:00+01:00`).
 *
 * Offsets are in minutes EAST of UTC (`+01:00` is `60`), which is the opposite
 * sign of `Date#getTimezoneOffset()`.
 */

import { isDateTime } from './date-time-format.js'

// Also takes what ajv-formats lets through: a space separator, `+hh` and `+hhmm` offsets.
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?([Zz]|[+-]\d{2}(?::?\d{2})?)?$/
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?)?$/

interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
  millisecond: number
}

/**
 * Turns an RFC 3339 date-time into the value of a `datetime-local` input:
 * the same instant as wall-clock time in the person's time zone (or at
 * `offsetMinutes` east of UTC when given).
 *
 * Seconds and milliseconds are kept only when they are not zero, so a value
 * survives a round trip through the input unchanged. A value without an offset
 * is taken as wall-clock time already and returned as is (normalised).
 *
 * @returns `'YYYY-MM-DDTHH:mm'` (or `…:ss` / `…:ss.sss`), or `''` when `value`
 *   is not a date-time (the input then shows empty).
 * @example toDateTimeInput('2026-11-30T14:05:00+01:00') // '2026-11-30T14:05' in Europe/Paris
 */
export function toDateTimeInput(value: string, offsetMinutes?: number): string {
  if (typeof value !== 'string') return ''
  const match = RFC3339.exec(value.trim())
  if (!match) return ''
  const wall = wallClockOf(match)
  if (!wall) return ''
  const zone = match[8]
  if (zone === undefined) return formatLocal(wall)
  if (zone.length > 1 && (Number(zone.slice(1, 3)) > 23 || Number(zone.slice(-2)) > 59)) return ''
  const epoch = utcEpoch(wall) - parseOffset(zone) * 60_000
  if (!Number.isFinite(epoch)) return ''
  if (offsetMinutes !== undefined) {
    if (!isValidOffset(offsetMinutes)) return ''
    const shifted = new Date(epoch + offsetMinutes * 60_000)
    return formatLocal(fieldsOf(shifted, true))
  }
  return formatLocal(fieldsOf(new Date(epoch), false))
}

/**
 * Turns the value of a `datetime-local` input into an RFC 3339 date-time with
 * an explicit offset: the person's local offset for that date (daylight saving
 * included), or `offsetMinutes` east of UTC when given.
 *
 * A local time that does not exist (skipped by a daylight-saving jump) comes
 * back as the real instant the browser resolves it to, written in the offset
 * in force then; an ambiguous one (repeated hour) takes the earlier instant.
 *
 * @returns e.g. `'2026-11-30T14:05:00+01:00'`, or `''` when `local` is empty or
 *   not a `datetime-local` value.
 * @example fromDateTimeInput('2026-11-30T14:05', 60) // '2026-11-30T14:05:00+01:00'
 */
export function fromDateTimeInput(local: string, offsetMinutes?: number): string {
  if (typeof local !== 'string') return ''
  const match = LOCAL.exec(local.trim())
  if (!match) return ''
  const wall = wallClockOf(match)
  if (!wall) return ''
  if (offsetMinutes !== undefined) {
    if (!isValidOffset(offsetMinutes)) return ''
    return formatLocal(wall, true) + formatOffset(offsetMinutes)
  }
  // Let the platform resolve the local time (it knows the zone's rules); then
  // write the instant it picked as its own local fields plus their offset.
  const date = new Date(2000, 0, 1, 0, 0, 0, 0)
  date.setFullYear(wall.year, wall.month - 1, wall.day)
  date.setHours(wall.hour, wall.minute, wall.second, wall.millisecond)
  if (Number.isNaN(date.getTime())) return ''
  const resolved = fieldsOf(date, false)
  if (resolved.year < 0 || resolved.year > 9999) return ''
  // Historical zones (local mean time) have offsets in seconds; RFC 3339 has minutes.
  return formatLocal(resolved, true) + formatOffset(Math.round(-date.getTimezoneOffset()))
}

/** Validates the captured fields; `undefined` when the calendar or clock is out of range. */
function wallClockOf(match: RegExpExecArray): WallClock | undefined {
  const year = Number(match[1])
  const month = Number(match[2])
  const day = Number(match[3])
  const hour = Number(match[4])
  const minute = Number(match[5])
  // A leap second (:60) cannot be shown by the input; clamp it to :59.
  const second = Math.min(Number(match[6] ?? 0), 59)
  const millisecond = match[7] ? Number(`${match[7].slice(1)}00`.slice(0, 3)) : 0
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined
  if (hour > 23 || minute > 59 || Number(match[6] ?? 0) > 60) return undefined
  return { year, month, day, hour, minute, second, millisecond }
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

function utcEpoch(wall: WallClock): number {
  const date = new Date(0)
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day)
  date.setUTCHours(wall.hour, wall.minute, wall.second, wall.millisecond)
  return date.getTime()
}

function fieldsOf(date: Date, utc: boolean): WallClock {
  return utc
    ? {
        year: date.getUTCFullYear(),
        month: date.getUTCMonth() + 1,
        day: date.getUTCDate(),
        hour: date.getUTCHours(),
        minute: date.getUTCMinutes(),
        second: date.getUTCSeconds(),
        millisecond: date.getUTCMilliseconds(),
      }
    : {
        year: date.getFullYear(),
        month: date.getMonth() + 1,
        day: date.getDate(),
        hour: date.getHours(),
        minute: date.getMinutes(),
        second: date.getSeconds(),
        millisecond: date.getMilliseconds(),
      }
}

/** `'YYYY-MM-DDTHH:mm'`, plus seconds when `withSeconds` or when they are not zero. */
function formatLocal(wall: WallClock, withSeconds = false): string {
  const two = (n: number) => String(n).padStart(2, '0')
  let text = `${String(wall.year).padStart(4, '0')}-${two(wall.month)}-${two(wall.day)}T${two(wall.hour)}:${two(wall.minute)}`
  if (withSeconds || wall.second !== 0 || wall.millisecond !== 0) text += `:${two(wall.second)}`
  if (wall.millisecond !== 0) text += `.${String(wall.millisecond).padStart(3, '0')}`
  return text
}

function parseOffset(zone: string): number {
  if (zone === 'Z' || zone === 'z') return 0
  const sign = zone.startsWith('-') ? -1 : 1
  const minutes = zone.length > 3 ? Number(zone.slice(-2)) : 0
  return sign * (Number(zone.slice(1, 3)) * 60 + minutes)
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+'
  const abs = Math.abs(minutes)
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
}

function isValidOffset(minutes: number): boolean {
  return Number.isInteger(minutes) && Math.abs(minutes) < 24 * 60
}

/**
 * A server's `default` for a `date-time` field as the form pre-fills it:
 * kept as given when it is a valid date-time with an offset; one without an
 * offset (or with seconds left out) is read as the person's local time and
 * written with their offset; `undefined` when a `datetime-local` input could
 * not show it (it would look empty), so it is not pre-filled.
 * Internal: the schema mapping's (`schema.ts`), loaded with the date-time
 * widget (`date-time-widget.tsx`) by the form.
 */
export function dateTimeDefault(value: string): string | undefined {
  const local = toDateTimeInput(value)
  if (local === '') return undefined
  const hasOffset = /(?:[Zz]|[+-]\d{2}(?::?\d{2})?)$/.test(value.trim())
  return hasOffset && isDateTime(value) ? value : fromDateTimeInput(local) || undefined
}
