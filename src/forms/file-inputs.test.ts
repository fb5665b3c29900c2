/**
 * SEP-2356 file inputs (experimental): the descriptor, media types, the data
 * URI both ways, the schema mapping, and the two validators judging file
 * fields the same way.
 */
import type { RJSFSchema } from '@rjsf/utils'
import { describe, expect, test } from 'vitest'
import { chooseValidator } from './csp'
import {
  checkChosenFile,
  checkFileValue,
  DEFAULT_MAX_FILE_BYTES,
  encodeFile,
  isAccepted,
  parseDataUri,
  readFileDescriptor,
} from './file-data-uri'
import { defaultMessages } from './texts/all'
import { noEvalValidator } from './no-eval-validator'
import { toFormSchema } from './form-schema'
import { pickSubmittedContent } from './schema'
import { humanizeErrors } from './validation-messages'

/** The SEP's own example: a complete 1×1 PNG. */
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNkYGBgAAAABQABWaDDsAAAAABJRU5ErkJggg=='
const photo = { type: 'string', format: 'uri', title: 'Profile photo', 'x-mcp-file': { accept: ['image/*'], maxSize: 2097152 } }

describe('the x-mcp-file descriptor', () => {
  test('accept and maxSize as the SEP defines them; the lower of maxSize and the client cap is in force', () => {
    expect(readFileDescriptor({ accept: ['image/png', 'IMAGE/JPEG', '.pdf'], maxSize: 1000 })).toEqual({ accept: ['image/png', 'image/jpeg', '.pdf'], maxSize: 1000 })
    expect(readFileDescriptor({})).toEqual({ maxSize: DEFAULT_MAX_FILE_BYTES })
    expect(readFileDescriptor({ maxSize: 1e15 }, 4096)).toEqual({ maxSize: 4096 })
    expect(readFileDescriptor({ maxSize: 0 })).toEqual({ maxSize: 0 })
  })

  test.each([
    ['not an object', 'image/png'],
    ['a list', []],
    ['null', null],
    ['a negative size', { maxSize: -1 }],
    ['a fractional size', { maxSize: 1.5 }],
    ['an infinite size', { maxSize: Infinity }],
    ['a size as text', { maxSize: '100' }],
    ['accept as text', { accept: 'image/png' }],
    ['markup in accept', { accept: ['<img src=x onerror=alert(1)>'] }],
    ['a media type with parameters in accept', { accept: ['text/plain;charset=utf-8'] }],
    ['too many accept entries', { accept: Array.from({ length: 65 }, (_, i) => `.x${i}`) }],
  ])('a descriptor with %s is refused in words, never thrown', (_, value) => {
    expect(typeof readFileDescriptor(value)).toBe('string')
  })
})

describe('media types', () => {
  test('type/subtype only, any case, parameters ignored, image/* for any image (SEP-2356 §Server-side validation)', () => {
    expect(isAccepted(['image/png'], 'IMAGE/PNG; foo=bar')).toBe(true)
    expect(isAccepted(['image/*'], 'image/webp')).toBe(true)
    expect(isAccepted(['image/*'], 'imagex/webp')).toBe(false)
    expect(isAccepted(['image/png'], 'image/svg+xml')).toBe(false)
    expect(isAccepted(undefined, 'application/x-anything')).toBe(true)
    expect(isAccepted(['*/*'], 'text/plain')).toBe(true)
  })

  test('extensions are picker hints: a chosen file passes by its name; a value alone by its type', () => {
    expect(isAccepted(['.pdf'], 'application/octet-stream', 'contract.PDF')).toBe(true)
    expect(isAccepted(['.pdf'], 'application/octet-stream', 'contract.txt')).toBe(false)
    expect(isAccepted(['.pdf'], 'application/pdf')).toBe(true)
    expect(isAccepted(['.pdf', 'image/png'], 'application/pdf')).toBe(false)
  })
})

describe('data URIs', () => {
  test('reads base64 and percent-encoded forms (both allowed by the SEP), with the decoded size', () => {
    expect(parseDataUri(PNG)).toMatchObject({ mediaType: 'image/png', bytes: 70 })
    expect(parseDataUri('data:text/plain,hello%20world')).toEqual({ mediaType: 'text/plain', bytes: 11 })
    expect(parseDataUri('data:,hi')).toEqual({ mediaType: 'text/plain', bytes: 2 })
    expect(parseDataUri('data:image/png;name=a.png;base64,AAAA')).toMatchObject({ mediaType: 'image/png', bytes: 3 })
  })

  test.each([
    ['another scheme', 'https://example.com/a.png'],
    ['no comma', 'data:image/png;base64'],
    ['bad base64', 'data:image/png;base64,@@@@'],
    ['cut base64', 'data:image/png;base64,AAA'],
    ['a bad media type', 'data:<script>;base64,AAAA'],
    ['a bad percent escape', 'data:text/plain,100%'],
  ])('refuses %s', (_, value) => {
    expect(parseDataUri(value)).toBeUndefined()
  })

  test('a payload too large by its length is reported without being scanned', () => {
    expect(parseDataUri(`data:image/png;base64,${'A'.repeat(4000)}`, 100)).toEqual({ mediaType: 'image/png', bytes: 3000 })
  })

  test('encodes a file as a stream into a base64 data URI with its media type and no name (SEP-2356 §Wire encoding)', async () => {
    const bytes = new Uint8Array(200_001).map((_, i) => (i * 7) % 256)
    const uri = await encodeFile(new File([bytes], 'photo.png', { type: 'image/png' }))
    expect(uri.startsWith('data:image/png;base64,')).toBe(true)
    expect(uri).not.toContain('name=')
    expect(Buffer.from(uri.slice(uri.indexOf(',') + 1), 'base64').equals(Buffer.from(bytes))).toBe(true)
    expect(parseDataUri(uri)?.bytes).toBe(bytes.length)
  })

  test('a file without a type is sent as application/octet-stream', async () => {
    expect(await encodeFile(new File(['hi'], 'notes'))).toBe('data:application/octet-stream;base64,aGk=')
  })

  test('reading stops when its signal is aborted', async () => {
    const controller = new AbortController()
    controller.abort(new Error('gone'))
    await expect(encodeFile(new File(['x'], 'a.txt'), { signal: controller.signal })).rejects.toThrow('gone')
    const later = new AbortController()
    let pulls = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        pulls++
        if (pulls === 2) later.abort(new Error('stopped'))
        c.enqueue(new Uint8Array(1024))
      },
    })
    const blob = { type: 'image/png', stream: () => stream } as unknown as Blob
    await expect(encodeFile(blob, { signal: later.signal })).rejects.toThrow('stopped')
    expect(pulls).toBeLessThan(5)
  })

  test('a file checked before reading: size first, then type', () => {
    const descriptor = { accept: ['image/png'], maxSize: 10 }
    expect(checkChosenFile({ name: 'big.png', type: 'image/png', size: 11 }, descriptor)).toEqual({ reason: 'size', bytes: 11, limit: 10 })
    expect(checkChosenFile({ name: 'a.gif', type: 'image/gif', size: 5 }, descriptor)).toEqual({ reason: 'type', mediaType: 'image/gif', accept: ['image/png'] })
    expect(checkChosenFile({ name: 'a.png', type: 'image/png', size: 10 }, descriptor)).toBeUndefined()
  })
})

describe('schema mapping', () => {
  test('a file field (the SEP example) maps to the mcpFile widget without format, with the limit in force', () => {
    const mapped = toFormSchema({ type: 'object', properties: { photo }, required: ['photo'] })
    expect(mapped.unsupported).toEqual([])
    expect(mapped.schema.properties!.photo).toEqual({ type: 'string', title: 'Profile photo', 'x-mcp-file': { accept: ['image/*'], maxSize: 2097152 } })
    expect(mapped.uiSchema.photo).toEqual({ 'ui:widget': 'mcpFile' })
    expect(mapped.schema.required).toEqual(['photo'])
  })

  test('the client cap lowers the limit', () => {
    const mapped = toFormSchema({ type: 'object', properties: { photo } }, { maxFileBytes: 1000 })
    expect((mapped.schema.properties!.photo as RJSFSchema)['x-mcp-file']).toEqual({ accept: ['image/*'], maxSize: 1000 })
  })

  test('a list of files: an array whose items are a file field, with minItems / maxItems', () => {
    const mapped = toFormSchema({ type: 'object', properties: { scans: { type: 'array', title: 'Scans', items: { type: 'string', format: 'uri', 'x-mcp-file': { accept: ['application/pdf'] } }, maxItems: 3 } } })
    expect(mapped.schema.properties!.scans).toEqual({ type: 'array', title: 'Scans', maxItems: 3, items: { type: 'string', 'x-mcp-file': { accept: ['application/pdf'], maxSize: DEFAULT_MAX_FILE_BYTES } } })
    expect(mapped.uiSchema.scans).toEqual({ 'ui:widget': 'mcpFile' })
    expect(pickSubmittedContent(mapped.schema, { scans: [PNG] })).toEqual({ scans: [PNG] })
  })

  test('the keyword on any other shape is ignored (SEP-2356): the field is an ordinary input', () => {
    const mapped = toFormSchema({ type: 'object', properties: { notes: { type: 'string', 'x-mcp-file': { accept: ['text/plain'] } } } })
    expect(mapped.schema.properties!.notes).toEqual({ type: 'string' })
    expect(mapped.uiSchema.notes).toBeUndefined()
  })

  test('a hostile descriptor makes the field unsupported, said as text', () => {
    const mapped = toFormSchema({ type: 'object', properties: { f: { type: 'string', format: 'uri', 'x-mcp-file': { maxSize: -5 } } }, required: ['f'] })
    expect(mapped.unsupported).toEqual([{ field: 'f', reason: 'Its size limit (x-mcp-file maxSize) is not a number of bytes. It is required.' }])
  })

  test('a marker of a file not kept across a reload is never sent', () => {
    const mapped = toFormSchema({ type: 'object', properties: { photo } })
    expect(pickSubmittedContent(mapped.schema, { photo: { fileNotKept: { mediaType: 'image/png', bytes: 9 } } })).toEqual({})
  })
})

describe('both validators judge file fields the same way', () => {
  const ajv = chooseValidator({ unsafeEval: true })
  const mapped = toFormSchema({ type: 'object', properties: { photo: { ...photo, 'x-mcp-file': { accept: ['image/png', 'image/jpeg'], maxSize: 100 } }, scans: { type: 'array', items: { type: 'string', format: 'uri', 'x-mcp-file': { maxSize: 10 } }, maxItems: 2 } }, required: ['photo'] })
  const cases: Array<[string, Record<string, unknown>, string[]]> = [
    ['a good PNG', { photo: PNG }, []],
    ['a missing required file', {}, ['required']],
    ['not a data URI', { photo: 'https://example.com/a.png' }, ['x-mcp-file']],
    ['bad base64', { photo: 'data:image/png;base64,%%%%' }, ['x-mcp-file']],
    ['over maxSize', { photo: `data:image/png;base64,${'A'.repeat(200)}` }, ['x-mcp-file']],
    ['a type not accepted', { photo: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' }, ['x-mcp-file']],
    ['a type not accepted, percent-encoded', { photo: 'data:text/html,%3Cscript%3E' }, ['x-mcp-file']],
    ['an item of a list over its size', { photo: PNG, scans: ['data:text/plain,hi', `data:text/plain;base64,${'A'.repeat(40)}`] }, ['x-mcp-file']],
    ['too many files', { photo: PNG, scans: ['data:,a', 'data:,b', 'data:,c'] }, ['maxItems']],
  ]
  test.each(cases)('%s', (_, data, keywords) => {
    const expected = ajv.rawValidation(mapped.schema, data)
    const actual = noEvalValidator.rawValidation(mapped.schema, data)
    expect(expected.validationError).toBeUndefined()
    expect(actual.errors).toEqual(expected.errors)
    const fromAjv = ajv.validateFormData(data, mapped.schema, undefined, undefined, mapped.uiSchema)
    const fromNoEval = noEvalValidator.validateFormData(data, mapped.schema, undefined, undefined, mapped.uiSchema)
    expect(fromNoEval.errors).toEqual(fromAjv.errors)
    expect(fromNoEval.errors.map((error) => error.name)).toEqual(keywords)
  })

  test('the errors read in plain words, naming the limit', () => {
    const data = { photo: `data:image/png;base64,${'A'.repeat(200)}` }
    const errors = humanizeErrors(noEvalValidator.validateFormData(data, mapped.schema).errors, mapped.schema, mapped.uiSchema, defaultMessages)
    expect(errors[0]!.message).toBe('The file is 150 bytes, over the limit of 100 bytes')
    const missing = humanizeErrors(noEvalValidator.validateFormData({}, mapped.schema).errors, mapped.schema, mapped.uiSchema, defaultMessages)
    expect(missing[0]!.message).toBe('Choose Profile photo')
  })

  test('checkFileValue is what both apply', () => {
    expect(checkFileValue(PNG, { accept: ['image/png'], maxSize: 70 })).toBeUndefined()
    expect(checkFileValue(PNG, { maxSize: 69 })).toEqual({ reason: 'size', bytes: 70, limit: 69 })
  })
})
