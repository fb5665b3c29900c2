import ajvValidator from '@rjsf/validator-ajv8'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { fromDateTimeInput, toDateTimeInput } from './date-time'
import { matchesFormat } from './string-formats'

// Node applies a change of process.env.TZ at once; every test states its zone.
const originalZone = process.env.TZ
const inZone = (zone: string) => {
  process.env.TZ = zone
}
beforeAll(() => inZone('Europe/Paris'))
afterEach(() => inZone('Europe/Paris'))
afterAll(() => {
  if (originalZone === undefined) delete process.env.TZ
  else process.env.TZ = originalZone
})

describe('fromDateTimeInput: the chosen wall-clock time with the local offset, no shift to UTC', () => {
  test('the spec digest example', () => {
    expect(fromDateTimeInput('2026-11-30T14:05')).toBe('2026-11-30T14:05:00+01:00')
  })

  test('daylight saving time picks the offset of that date', () => {
    expect(fromDateTimeInput('2026-07-01T09:30')).toBe('2026-07-01T09:30:00+02:00')
    // 02:30 does not exist on 29 March in Paris: the instant the platform resolves to, written truthfully.
    expect(fromDateTimeInput('2026-03-29T02:30')).toBe('2026-03-29T03:30:00+02:00')
    // 02:30 happens twice on 25 October: the earlier one.
    expect(fromDateTimeInput('2026-10-25T02:30')).toBe('2026-10-25T02:30:00+02:00')
  })

  test('other zones, half hours included', () => {
    inZone('America/New_York')
    expect(fromDateTimeInput('2026-11-30T08:05')).toBe('2026-11-30T08:05:00-05:00')
    inZone('Asia/Kolkata')
    expect(fromDateTimeInput('2026-11-30T18:35')).toBe('2026-11-30T18:35:00+05:30')
    inZone('UTC')
    expect(fromDateTimeInput('2026-11-30T13:05')).toBe('2026-11-30T13:05:00+00:00')
  })

  test('an explicit offset (minutes east of UTC) is used as given', () => {
    expect(fromDateTimeInput('2026-11-30T14:05', 60)).toBe('2026-11-30T14:05:00+01:00')
    expect(fromDateTimeInput('2026-11-30T14:05', -210)).toBe('2026-11-30T14:05:00-03:30')
    expect(fromDateTimeInput('2026-11-30T14:05', 0)).toBe('2026-11-30T14:05:00+00:00')
  })

  test('seconds and milliseconds are kept', () => {
    expect(fromDateTimeInput('2026-11-30T14:05:30')).toBe('2026-11-30T14:05:30+01:00')
    expect(fromDateTimeInput('2026-11-30T14:05:30.25')).toBe('2026-11-30T14:05:30.250+01:00')
  })

  test('what it returns is a valid date-time for both validators', () => {
    const schema = { type: 'string', format: 'date-time' } as const
    for (const local of ['2026-11-30T14:05', '2026-07-01T09:30:59.999', '0099-01-01T00:00', '9999-12-31T23:59']) {
      const value = fromDateTimeInput(local)
      expect(value).toMatch(/[+-]\d{2}:\d{2}$/)
      expect(matchesFormat('date-time', value)).toBe(true)
      expect(ajvValidator.isValid(schema, value, schema)).toBe(true)
    }
  })

  test('empty or malformed input gives an empty string', () => {
    for (const local of ['', 'x', '2026-11-30', '2026-11-30T24:00', '2026-02-29T10:00', '2026-13-01T10:00', '2026-11-30T14:05+01:00', '2026-11-30 14:05', 5 as never]) {
      expect(fromDateTimeInput(local)).toBe('')
    }
    expect(fromDateTimeInput('2026-11-30T14:05', 24 * 60)).toBe('')
    expect(fromDateTimeInput('2026-11-30T14:05', 1.5)).toBe('')
  })
})

describe('toDateTimeInput: the same instant as local wall-clock time', () => {
  test('from any offset', () => {
    expect(toDateTimeInput('2026-11-30T14:05:00+01:00')).toBe('2026-11-30T14:05')
    expect(toDateTimeInput('2026-11-30T13:05:00Z')).toBe('2026-11-30T14:05')
    expect(toDateTimeInput('2026-11-30T08:05:00-05:00')).toBe('2026-11-30T14:05')
    expect(toDateTimeInput('2026-12-01T00:35:00+11:30')).toBe('2026-11-30T14:05')
    inZone('America/New_York')
    expect(toDateTimeInput('2026-11-30T14:05:00+01:00')).toBe('2026-11-30T08:05')
  })

  test('forms ajv lets through: space separator, +hhmm, +hh, lowercase', () => {
    expect(toDateTimeInput('2026-11-30 14:05:00+0100')).toBe('2026-11-30T14:05')
    expect(toDateTimeInput('2026-11-30t13:05:00z')).toBe('2026-11-30T14:05')
    expect(toDateTimeInput('2026-11-30T15:05:00+02')).toBe('2026-11-30T14:05')
  })

  test('at an explicit offset', () => {
    expect(toDateTimeInput('2026-11-30T14:05:00+01:00', 330)).toBe('2026-11-30T18:35')
    expect(toDateTimeInput('2026-11-30T14:05:00+01:00', 0)).toBe('2026-11-30T13:05')
  })

  test('seconds and milliseconds appear only when present', () => {
    expect(toDateTimeInput('2026-11-30T14:05:30+01:00')).toBe('2026-11-30T14:05:30')
    expect(toDateTimeInput('2026-11-30T14:05:30.25+01:00')).toBe('2026-11-30T14:05:30.250')
    expect(toDateTimeInput('2026-11-30T14:05:00.000+01:00')).toBe('2026-11-30T14:05')
  })

  test('a value without an offset is already wall-clock time', () => {
    expect(toDateTimeInput('2026-11-30T14:05:00')).toBe('2026-11-30T14:05')
  })

  test('anything else gives an empty input', () => {
    for (const value of ['', 'x', '2026-11-30', '2026-02-30T10:00:00Z', '2026-11-30T25:00:00Z', '2026-11-30T10:00:00+24:00', '2026-11-30T10:00:00+01:60', null as never, 5 as never]) {
      expect(toDateTimeInput(value)).toBe('')
    }
    expect(toDateTimeInput('2026-11-30T14:05:00Z', 9999)).toBe('')
  })
})

describe('round trips keep the instant', () => {
  const values = ['2026-11-30T14:05:00+01:00', '2026-07-01T00:00:00Z', '2026-03-29T01:59:00Z', '2026-10-25T00:30:00Z', '2026-10-25T02:00:00Z', '2026-11-30T14:05:30.123-03:30']
  for (const zone of ['Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC']) {
    test(zone, () => {
      inZone(zone)
      for (const value of values) {
        const back = fromDateTimeInput(toDateTimeInput(value))
        expect(new Date(back).getTime()).toBe(new Date(value).getTime())
      }
    })
  }

  test('the one exception: a repeated hour has no zone in the input, so the earlier instant comes back', () => {
    // 01:30Z on 25 October is 02:30 in Paris for the second time that night.
    expect(toDateTimeInput('2026-10-25T01:30:00Z')).toBe('2026-10-25T02:30')
    expect(fromDateTimeInput('2026-10-25T02:30')).toBe('2026-10-25T02:30:00+02:00')
  })

  test('with an explicit offset, the wall clock and the offset are preserved too', () => {
    expect(fromDateTimeInput(toDateTimeInput('2026-11-30T14:05:00-03:30', -210), -210)).toBe('2026-11-30T14:05:00-03:30')
  })
})
