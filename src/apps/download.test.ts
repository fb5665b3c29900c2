/**
 * `ui/download-file` through the bridge, driven as a hostile view would:
 * malformed params, too many or too large files, names that climb folders
 * or hide their extension, media types that carry markup. Each is refused
 * with -32602 or sanitised; the page never gets a throw.
 */
import { describe, expect, it } from 'vitest'
import type { JsonObject } from '../core/index.js'
import { AppBridge } from './bridge.js'
import type { AppBridgeOptions } from './bridge-options.js'
import { downloadFileName, downloadMediaType, MAX_DOWNLOAD_FILES, type McpAppDownloadFile } from './download.js'
import { extensionMismatch } from './download-types.js'

function harness(options: Omit<AppBridgeOptions, 'post'> = {}) {
  const sent: JsonObject[] = []
  const warnings: string[] = []
  const bridge = new AppBridge({ onWarning: (message) => warnings.push(message), ...options, post: (message) => sent.push(message) })
  bridge.receive({ jsonrpc: '2.0', id: 'init', method: 'ui/initialize', params: { appInfo: { name: 'view', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' } })
  bridge.receive({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} })
  const capabilities = (sent[0]?.result as JsonObject).hostCapabilities as JsonObject
  const request = (id: number, params: unknown) => bridge.receive({ jsonrpc: '2.0', id, method: 'ui/download-file', params })
  const answerTo = (id: number) => sent.find((message) => message.id === id && !('method' in message))
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  return { capabilities, request, answerTo, settle, warnings }
}

const text = (uri: string, body: string, mimeType?: string) => ({ type: 'resource', resource: { uri, text: body, ...(mimeType !== undefined && { mimeType }) } })
const blob = (uri: string, base64: string, mimeType?: string) => ({ type: 'resource', resource: { uri, blob: base64, ...(mimeType !== undefined && { mimeType }) } })

describe('ui/download-file', () => {
  it('is off without onDownloadFile: -32601 and no downloadFile capability', async () => {
    const { capabilities, request, answerTo, settle } = harness()
    expect(capabilities.downloadFile).toBeUndefined()
    request(1, { contents: [text('file:///a.txt', 'a')] })
    await settle()
    expect(answerTo(1)).toMatchObject({ error: { code: -32601 } })
  })

  it('advertises downloadFile and hands the host decoded, named files; false answers { isError: true }', async () => {
    const saved: McpAppDownloadFile[][] = []
    let agree = true
    const { capabilities, request, answerTo, settle } = harness({ onDownloadFile: (files) => (saved.push(files), agree) })
    expect(capabilities.downloadFile).toEqual({})
    request(1, { contents: [text('file:///exports/report.json', '{"é":1}', 'application/json'), blob('ui://app/pixel.png', 'AAEC/w==', 'image/png')] })
    await settle()
    expect(answerTo(1)).toEqual({ jsonrpc: '2.0', id: 1, result: {} })
    expect(saved[0]).toEqual([
      { name: 'report.json', mimeType: 'application/json', data: new TextEncoder().encode('{"é":1}'), uri: 'file:///exports/report.json' },
      { name: 'pixel.png', mimeType: 'image/png', data: new Uint8Array([0, 1, 2, 255]), uri: 'ui://app/pixel.png' },
    ])
    agree = false
    request(2, { contents: [text('a.txt', 'a')] })
    await settle()
    expect(answerTo(2)).toEqual({ jsonrpc: '2.0', id: 2, result: { isError: true } })
  })

  it('refuses malformed params with -32602, never calling the host', async () => {
    let calls = 0
    const { request, answerTo, settle } = harness({ onDownloadFile: () => void calls++ })
    const bad: unknown[] = [
      {},
      { contents: 'x' },
      { contents: [] },
      { contents: [null] },
      { contents: ['file:///a.txt'] },
      { contents: [{ type: 'text', text: 'hi' }] },
      { contents: [{ type: 'resource' }] },
      { contents: [{ type: 'resource', resource: { text: 'no uri' } }] },
      { contents: [{ type: 'resource', resource: { uri: 'a.txt' } }] },
      { contents: [{ type: 'resource', resource: { uri: 'a.txt', text: 'a', blob: 'YQ==' } }] },
      { contents: [{ type: 'resource', resource: { uri: 'a.txt', text: 42 } }] },
      { contents: [{ type: 'resource', resource: { uri: 'a.txt', text: 'a', mimeType: 7 } }] },
      { contents: [blob('a.bin', 'not base64!')] },
      { contents: [blob('a.bin', 'YQ=')] },
      { contents: [{ type: 'resource_link', uri: 'https://evil.example/payload.exe', name: 'payload.exe' }] },
      { contents: [text('a.txt', 'a'), { type: 'resource_link', uri: 'file:///etc/passwd', name: 'passwd' }] },
    ]
    bad.forEach((params, index) => request(index + 1, params))
    await settle()
    bad.forEach((_params, index) => expect(answerTo(index + 1), JSON.stringify(bad[index])).toMatchObject({ error: { code: -32602 } }))
    expect(calls).toBe(0)
  })

  it('refuses too many files and files over maxDownloadBytes together', async () => {
    let calls = 0
    const { request, answerTo, settle } = harness({ onDownloadFile: () => void calls++, maxDownloadBytes: 10 })
    request(1, { contents: Array.from({ length: MAX_DOWNLOAD_FILES + 1 }, (_, index) => text(`${index}.txt`, 'a')) })
    request(2, { contents: [text('a.txt', '123456'), text('b.txt', '12345')] })
    request(3, { contents: [blob('a.bin', btoa('12345678901'))] })
    request(4, { contents: [text('a.txt', 'ééééé')] }) // 5 characters, 10 bytes: fits
    request(5, { contents: [text('a.txt', 'éééééé')] }) // 12 bytes
    await settle()
    for (const id of [1, 2, 3, 5]) expect(answerTo(id)).toMatchObject({ error: { code: -32602 } })
    expect(answerTo(4)).toMatchObject({ result: {} })
    expect(calls).toBe(1)
  })

  it('takes a request of maxDownloadBytes even when it is over maxParamsBytes, only on ui/download-file', async () => {
    let got = 0
    const { request, answerTo, settle } = harness({ onDownloadFile: (files) => void (got = files[0]!.data.byteLength), maxParamsBytes: 1000, maxDownloadBytes: 3000 })
    request(1, { contents: [blob('big.bin', btoa('x'.repeat(3000)))] })
    await settle()
    expect(answerTo(1)).toMatchObject({ result: {} })
    expect(got).toBe(3000)
  })

  it('a host handler that throws is an error answer, not a throw into the page', async () => {
    const { request, answerTo, settle } = harness({
      onDownloadFile: () => {
        throw new Error('disk full')
      },
    })
    request(1, { contents: [text('a.txt', 'a')] })
    await settle()
    expect(answerTo(1)).toMatchObject({ error: { code: -32603 } })
  })
})

describe('downloadFileName', () => {
  it.each([
    ['file:///export.json', 'export.json'],
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\Windows\\system32\\cmd.exe', 'cmd.exe'],
    ['file:///a/..%2F..%2Fetc%2Fpasswd', 'passwd'],
    ['\u202Egnp.exe', 'gnp.exe'],
    ['report\u202Efdp.exe', 'reportfdp.exe'],
    ['.bashrc', 'bashrc'],
    ['...', 'download'],
    ['', 'download'],
    ['file:///', 'download'],
    ['https://x.example/dir/', 'dir'],
    ['https://x.example/a.csv?token=1#frag', 'a.csv'],
    ['a\u0000b\nc\u0085d.txt', 'abcd.txt'],
    ['con:<tag>|x?.txt', 'tagx'],
    ['https://x.example', 'download'],
    ['%E4%BD%A0%E5%A5%BD.txt', '你好.txt'],
    ['%E4%BD', '%E4%BD'],
    ['name.txt. . ', 'name.txt'],
    // Letters that draw nothing: Hangul fillers and the braille blank, between the name and its real extension.
    ['invoice.pdf\u3164\u3164\u3164\u3164.exe', 'invoice.pdf.exe'],
    ['\u115F\u1160\uFFA0\u2800.txt', 'txt'],
    ['\u2800\u2800', 'download'],
  ])('%j is saved as %j', (uri, name) => {
    expect(downloadFileName(uri)).toBe(name)
  })

  it('cuts a very long name and keeps its extension', () => {
    const name = downloadFileName(`${'a'.repeat(500)}.pdf`)
    expect(name).toHaveLength(120)
    expect(name.endsWith('.pdf')).toBe(true)
  })
})

describe('downloadMediaType', () => {
  it.each([
    ['text/plain', 'text/plain'],
    ['Text/CSV; charset=utf-8', 'text/csv'],
    ['text/html;<script>alert(1)</script>', 'text/html'],
    ['<script>alert(1)</script>', 'application/octet-stream'],
    ['text/html<script>', 'application/octet-stream'],
    ['image/svg+xml', 'image/svg+xml'],
    ['text', 'application/octet-stream'],
    ['a/b/c', 'application/octet-stream'],
    ['', 'application/octet-stream'],
    [undefined, 'application/octet-stream'],
  ])('%j is given as %j', (mimeType, expected) => {
    expect(downloadMediaType(mimeType)).toBe(expected)
  })
})

describe('extensionMismatch', () => {
  it.each([
    ['invoice.html', 'application/pdf', 'html'],
    ['photo.PNG.exe', 'image/png', 'exe'],
    ['setup.exe', 'text/plain', 'exe'],
    ['notes.svg', 'image/png', 'svg'],
  ])('%j declared %j: warns about .%s', (name, mimeType, extension) => {
    expect(extensionMismatch(name, mimeType)).toBe(extension)
  })

  it.each([
    ['report.pdf', 'application/pdf'],
    ['DATA.CSV', 'text/csv'],
    ['data.csv', 'text/plain'],
    ['archive.weird', 'application/zip'],
    ['README', 'text/plain'],
    ['.env', 'text/plain'],
    ['anything.exe', 'application/octet-stream'],
  ])('%j declared %j: nothing to say', (name, mimeType) => {
    expect(extensionMismatch(name, mimeType)).toBeUndefined()
  })
})
