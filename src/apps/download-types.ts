/**
 * Whether a file an app asks to save says what it is. The card shows each
 * file's name and its declared media type; the person's system opens the
 * saved file by its name's extension, not by that type. An app that names a
 * page `invoice.html` and declares it `application/pdf` has the person read
 * "PDF" and get a web page opened from their disk, so the card warns when
 * the two disagree.
 *
 * Only well-known extensions are judged: each with the types it is served
 * as. An extension not listed, or a file without one, is not judged (no
 * warning); neither is `application/octet-stream`, which claims nothing.
 */

const TYPES: Record<string, readonly string[]> = {
  txt: ['text/plain'],
  log: ['text/plain'],
  md: ['text/markdown', 'text/x-markdown', 'text/plain'],
  csv: ['text/csv', 'text/plain', 'application/vnd.ms-excel'],
  tsv: ['text/tab-separated-values', 'text/plain'],
  json: ['application/json', 'text/json', 'text/plain'],
  xml: ['application/xml', 'text/xml'],
  html: ['text/html'],
  htm: ['text/html'],
  svg: ['image/svg+xml'],
  js: ['text/javascript', 'application/javascript'],
  mjs: ['text/javascript', 'application/javascript'],
  css: ['text/css'],
  ics: ['text/calendar'],
  pdf: ['application/pdf'],
  png: ['image/png'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  gif: ['image/gif'],
  webp: ['image/webp'],
  avif: ['image/avif'],
  mp3: ['audio/mpeg'],
  wav: ['audio/wav', 'audio/x-wav', 'audio/wave'],
  mp4: ['video/mp4', 'audio/mp4'],
  webm: ['video/webm', 'audio/webm'],
  zip: ['application/zip', 'application/x-zip-compressed'],
  gz: ['application/gzip', 'application/x-gzip'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  pptx: ['application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  exe: ['application/vnd.microsoft.portable-executable', 'application/x-msdownload', 'application/x-msdos-program'],
  msi: ['application/x-msi', 'application/x-ms-installer'],
  bat: ['application/x-bat', 'application/x-msdos-program'],
  cmd: ['application/x-bat', 'application/x-msdos-program'],
  sh: ['application/x-sh', 'text/x-shellscript'],
  ps1: ['text/plain'],
  jar: ['application/java-archive'],
  apk: ['application/vnd.android.package-archive'],
  dmg: ['application/x-apple-diskimage'],
}

/** The extension of a file name, lower-cased, without the dot; undefined without one. */
export function fileExtension(name: string): string | undefined {
  const dot = name.lastIndexOf('.')
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : undefined
}

/**
 * The extension of `name` when it is a well-known one that `mimeType` is not
 * served as (`invoice.html` declared `application/pdf`: `'html'`); undefined
 * when they agree or nothing can be said.
 */
export function extensionMismatch(name: string, mimeType: string): string | undefined {
  const extension = fileExtension(name)
  if (extension === undefined || mimeType === 'application/octet-stream') return undefined
  const types = Object.hasOwn(TYPES, extension) ? TYPES[extension] : undefined
  return types && !types.includes(mimeType) ? extension : undefined
}
