/**
 * The file input of a SEP-2356 `x-mcp-file` field (experimental), registered
 * as the rjsf widget `mcpFile` (schema.ts maps the field to it): one file, or
 * a list (an array of file fields). Self-contained: the form registers this
 * one module; the rules are in `file-data-uri.ts`, the texts in `messages.ts`.
 *
 * A chosen file is checked BEFORE it is read (size against the limit in
 * force, the server's `maxSize` or the client's cap; type against `accept`,
 * since a picker's filter can be overridden), then read as a stream into a
 * `data:` URI, which becomes the field's value: nothing is uploaded, the file
 * travels only in the answer. Choosing again, removing, or the form going
 * away cancels a read in progress. An image of an allowed type
 * (`content-media.ts`) is previewed from that data URI, rebuilt by
 * `checkMedia` (no `blob:`: the page's CSP may allow `img-src data:` only).
 * The file's name is shown while the form lives; it is not sent (SEP-2356).
 */
import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react'
import type { RJSFSchema, WidgetProps } from '@rjsf/utils'
import { isFileNotKept } from '../core/index.js'
import { checkMedia } from './content-media.js'
import { checkChosenFile, encodeFile, parseDataUri } from './file-data-uri.js'
import { FILE_KEYWORD, type FileDescriptor } from './file-descriptor.js'
import { describedBy, invalid, messagesOf } from './field-aria.js'
import { fileTexts } from './texts/file.js'
import { resolvePart, type PartTexts } from './texts/resolve.js'

export function FileInputWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, schema, registry, required, autofocus } = props
  const text = resolvePart(messagesOf(registry), fileTexts)
  const multiple = schema.type === 'array'
  const item = (multiple ? schema.items : schema) as RJSFSchema | undefined
  const descriptor = (item?.[FILE_KEYWORD] ?? { maxSize: 0 }) as FileDescriptor
  const accept = descriptor.accept ?? []
  const maxItems = multiple ? (typeof schema.maxItems === 'number' ? schema.maxItems : Infinity) : 1
  const values: unknown[] = multiple ? (Array.isArray(value) ? value : []) : value === undefined || value === null || value === '' ? [] : [value]
  const files = values.filter((entry): entry is string => typeof entry === 'string')
  const latest = useRef(files)
  latest.current = files
  // Files a reload could not keep (round storage): said once, then left out of the value.
  const [notKept] = useState(() => values.filter((entry) => isFileNotKept(entry) && !entry.fileNotKept.stayedOnDevice).length)
  // Files picked on another device that stayed there (a backend store keeps only smaller ones).
  const [elsewhere] = useState(() => values.filter((entry) => isFileNotKept(entry) && entry.fileNotKept.stayedOnDevice === true).length)
  const names = useRef(new Map<string, string>())
  const reading = useRef<AbortController | undefined>(undefined)
  const input = useRef<HTMLInputElement>(null)
  const [status, setStatus] = useState<{ reading?: string; refused: string[] }>({ refused: [] })
  const [over, setOver] = useState(false)
  const off = disabled || readonly
  const hintId = `${id}__files`
  const statusId = `${id}__status`

  const emit = (list: string[]) => onChange(multiple ? list : list[0])
  useEffect(() => {
    if (notKept > 0) emit(latest.current)
    return () => reading.current?.abort()
  }, [])

  async function take(chosen: File[]) {
    reading.current?.abort()
    const controller = new AbortController()
    reading.current = controller
    const refused: string[] = []
    const room = multiple ? Math.max(0, maxItems - latest.current.length) : 1
    if (chosen.length > room && multiple) refused.push(text.fileTooMany(maxItems))
    const ok = chosen.slice(0, room).filter((file) => {
      const problem = checkChosenFile(file, descriptor)
      if (problem) refused.push(text.fileRefused(file.name, problem))
      return !problem
    })
    setStatus({ refused, reading: ok.length > 0 ? text.fileReading(ok.map((file) => file.name).join(', ')) : undefined })
    const added: string[] = []
    for (const file of ok) {
      try {
        const uri = await encodeFile(file, { signal: controller.signal, maxBytes: descriptor.maxSize })
        names.current.set(uri, file.name)
        added.push(uri)
      } catch {
        if (controller.signal.aborted) return
        refused.push(text.fileRefused(file.name, undefined))
      }
    }
    reading.current = undefined
    setStatus({ refused })
    // The native input would go on naming a refused file.
    if (added.length === 0 && input.current) input.current.value = ''
    if (added.length > 0) emit(multiple ? [...latest.current, ...added] : added)
  }

  const remove = (index: number) => {
    reading.current?.abort()
    setStatus({ refused: [] })
    if (input.current) input.current.value = ''
    emit(files.filter((_, at) => at !== index))
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setOver(false)
    if (!off) void take([...event.dataTransfer.files])
  }

  return (
    <div
      className="mcp-elicit-file"
      data-over={over || undefined}
      onDragOver={(event) => {
        event.preventDefault()
        if (!off) setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <input
        ref={input}
        type="file"
        id={id}
        name={props.htmlName || id}
        className="mcp-elicit-file-input"
        accept={accept.filter((entry) => entry !== '*/*').join(',') || undefined}
        multiple={multiple}
        required={required && files.length === 0}
        disabled={off}
        autoFocus={autofocus}
        aria-invalid={invalid(props)}
        aria-describedby={describedBy(props, `${hintId} ${statusId}`)}
        onChange={(event) => {
          const chosen = [...(event.target.files ?? [])]
          if (chosen.length > 0) void take(chosen)
        }}
      />
      <p id={hintId} className="mcp-elicit-hint">
        {text.fileLimits(accept, descriptor.maxSize, multiple)} {text.fileDrop(multiple)}
      </p>
      {files.length > 0 && (
        <ul className="mcp-elicit-file-list">
          {files.map((uri, index) => (
            <ChosenFile key={index} uri={uri} name={names.current.get(uri) ?? ''} maxBytes={descriptor.maxSize} disabled={off} onRemove={() => remove(index)} text={text} />
          ))}
        </ul>
      )}
      <div id={statusId} role="status" className="mcp-elicit-file-status">
        {status.reading}
        {notKept > 0 && <p className="mcp-elicit-file-refused">{text.fileNotKept(notKept)}</p>}
        {elsewhere > 0 && <p className="mcp-elicit-file-refused">{text.fileOnOtherDevice(elsewhere)}</p>}
        {status.refused.map((line, index) => (
          <p key={index} className="mcp-elicit-file-refused">
            {line}
          </p>
        ))}
      </div>
    </div>
  )
}

function ChosenFile({ uri, name, maxBytes, disabled, onRemove, text }: { uri: string; name: string; maxBytes: number; disabled: boolean | undefined; onRemove: () => void; text: PartTexts<[typeof fileTexts]> }) {
  const parsed = useMemo(() => parseDataUri(uri), [uri])
  // Only an allow-listed image type, with well-formed base64 within the limit, becomes an <img src>.
  const preview = useMemo(() => (parsed?.base64 !== undefined ? checkMedia('image', parsed.mediaType, parsed.base64, maxBytes) : undefined), [parsed, maxBytes])
  return (
    <li className="mcp-elicit-file-item">
      {preview?.ok && <img className="mcp-elicit-file-preview" src={preview.src} alt={text.filePreviewAlt(name)} />}
      <span dir="auto">{text.fileChosen(name, parsed?.mediaType ?? '?', parsed?.bytes ?? 0)}</span>
      <button type="button" className="mcp-elicit-file-remove" disabled={disabled} onClick={onRemove}>
        {text.fileRemove(name)}
      </button>
    </li>
  )
}
