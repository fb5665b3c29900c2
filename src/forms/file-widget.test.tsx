// @vitest-environment jsdom
/**
 * The file input (SEP-2356, experimental) in the form: files refused before
 * they are read (nothing read at all), a read cancelled when the form goes
 * away or another file is chosen, the client cap, drafts, previews only of
 * images whose size can be read, and a hostile schema shown as text.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bmpDeclaring, TINY_PNG } from './content-samples'
import { ElicitationForm } from './ElicitationForm'
import { noEvalValidator } from './no-eval-validator'

afterEach(cleanup)

const request = (field: object, required = true) => ({ mode: 'form', message: 'Send the scan', requestedSchema: { type: 'object', properties: { scan: { type: 'string', format: 'uri', title: 'Scan', ...field } }, ...(required ? { required: ['scan'] } : {}) } })

/** A file whose reading is watched: how often it was read, and whether its stream was cancelled. */
function watchedFile(name: string, type: string, size: number, endless = false) {
  const watch = { reads: 0, cancelled: false }
  const file = new File([new Uint8Array(size)], name, { type })
  Object.defineProperty(file, 'stream', {
    value: () =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          watch.reads++
          if (endless) return new Promise(() => {}) // never delivers: the read waits until cancelled
          controller.enqueue(new Uint8Array(size))
          controller.close()
        },
        cancel() {
          watch.cancelled = true
        },
      }),
  })
  return { file, watch }
}

// The file input loads with the first file field (lazy-file-widget.tsx): found, not got.
const fileInput = () => screen.findByLabelText(/^Scan/)
const choose = async (file: File) => fireEvent.change(await fileInput(), { target: { files: [file] } })

describe('file input', () => {
  it('a file over the limit or of a type not accepted is never read', async () => {
    render(<ElicitationForm request={request({ 'x-mcp-file': { accept: ['image/png'], maxSize: 10 } })} onRespond={vi.fn()} validator={noEvalValidator} />)
    const big = watchedFile('big.png', 'image/png', 11)
    await choose(big.file)
    await screen.findByText('big.png: the file is 11 bytes, over the limit of 10 bytes. Nothing was sent.')
    const pdf = watchedFile('a.pdf', 'application/pdf', 5)
    await choose(pdf.file)
    await screen.findByText(/a\.pdf: files of type application\/pdf are not accepted here/)
    expect([big.watch.reads, pdf.watch.reads]).toEqual([0, 0])
  })

  it('the client cap (maxFileBytes) wins over a larger maxSize, and is said in words', async () => {
    render(<ElicitationForm request={request({ 'x-mcp-file': { maxSize: 1e15 } })} onRespond={vi.fn()} validator={noEvalValidator} maxFileBytes={1024} />)
    await fileInput()
    expect(document.body.textContent).toContain('Any type of file. Up to 1 KB.')
    const { file, watch } = watchedFile('log.txt', 'text/plain', 2048)
    await choose(file)
    await screen.findByText('log.txt: the file is 2 KB, over the limit of 1 KB. Nothing was sent.')
    expect(watch.reads).toBe(0)
  })

  it('a read in progress is cancelled when the form goes away, and when another file is chosen', async () => {
    const { unmount } = render(<ElicitationForm request={request({ 'x-mcp-file': {} })} onRespond={vi.fn()} validator={noEvalValidator} />)
    const first = watchedFile('slow.bin', '', 10, true)
    await choose(first.file)
    await screen.findByText('Reading slow.bin…')
    const second = watchedFile('slow2.bin', '', 10, true)
    await choose(second.file)
    await waitFor(() => expect(first.watch.cancelled).toBe(true))
    unmount()
    await waitFor(() => expect(second.watch.cancelled).toBe(true))
  })

  it('a chosen file is sent as a data: URI with its type and no name, and kept as a draft', async () => {
    const onRespond = vi.fn()
    const onDraft = vi.fn()
    render(<ElicitationForm request={request({ 'x-mcp-file': {} })} onRespond={onRespond} onDraft={onDraft} validator={noEvalValidator} />)
    await choose(new File(['hi'], 'hi.txt', { type: 'text/plain' }))
    await screen.findByText('hi.txt (text/plain, 2 bytes)')
    expect(onDraft).toHaveBeenLastCalledWith({ scan: 'data:text/plain;base64,aGk=' })
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }))
    expect(onRespond).toHaveBeenCalledWith({ action: 'accept', content: { scan: 'data:text/plain;base64,aGk=' } })
  })

  it('a draft that is not a file the field takes is refused by validation, and a non-image is never previewed', async () => {
    const onRespond = vi.fn()
    render(<ElicitationForm request={request({ 'x-mcp-file': { accept: ['image/png'] } })} onRespond={onRespond} validator={noEvalValidator} initialData={{ scan: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' }} />)
    await fileInput()
    expect(document.querySelector('img')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }))
    await screen.findByText(/Scan: Files of type image\/svg\+xml are not accepted here/)
    expect(onRespond).not.toHaveBeenCalled()
  })

  it('an image is previewed only when its bytes are a PNG, JPEG, GIF or WebP whose size is within the cap, whatever its label', async () => {
    // A draft or a server's default: a BMP labelled image/png would be decoded at 30,000 × 30,000.
    const bomb = `data:image/png;base64,${bmpDeclaring(30_000, 30_000)}`
    const { unmount } = render(<ElicitationForm request={request({ 'x-mcp-file': {} })} onRespond={vi.fn()} validator={noEvalValidator} initialData={{ scan: bomb }} />)
    await fileInput()
    expect(screen.getByText("Chosen file (image/png, 66 bytes)")).toBeTruthy()
    expect(document.querySelector('img')).toBeNull()
    unmount()
    render(<ElicitationForm request={request({ 'x-mcp-file': {} })} onRespond={vi.fn()} validator={noEvalValidator} initialData={{ scan: `data:image/png;base64,${TINY_PNG}` }} />)
    await fileInput()
    expect(document.querySelector('img')?.getAttribute('src')).toBe(`data:image/png;base64,${TINY_PNG}`)
  })

  it('a hostile descriptor is listed as text, the required field blocks Accept', () => {
    render(<ElicitationForm request={request({ 'x-mcp-file': { accept: ['<img src=x onerror=alert(1)>'], maxSize: -1 } })} onRespond={vi.fn()} validator={noEvalValidator} />)
    expect(document.body.textContent).toContain('scan: Its accepted file types (x-mcp-file accept) are not a list of media types or file extensions. It is required.')
    expect(document.querySelector('input[type=file]')).toBeNull()
    expect(screen.getByRole('button', { name: 'Accept' })).toHaveProperty('disabled', true)
  })
})
