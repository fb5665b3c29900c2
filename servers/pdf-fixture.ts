/**
 * A small PDF written here, for the official pdf example server
 * (`@modelcontextprotocol/server-pdf`) to serve as a local file: by default
 * it fetches a paper from arxiv.org, and the tests have no network.
 *
 * One page per text, each drawn in Helvetica (a standard font, so nothing
 * is embedded), with a correct cross-reference table: PDF.js opens it
 * without repairing it.
 *
 * Runs under Node 22 type stripping: no enums, no namespaces, no parameter
 * properties, `import type` for types, `.ts` on relative imports.
 */

/** Text a PDF string literal can hold as it is: printable ASCII without its three escapes. */
function pdfText(text: string): string {
  if (!/^[\x20-\x7e]*$/.test(text)) throw new Error('pdf fixture: printable ASCII only')
  return text.replace(/[\\()]/g, (char) => `\\${char}`)
}

/** The bytes of a PDF with one page per entry of `pages`, each showing its text near the top. */
export function pdfWithPages(pages: readonly string[]): Uint8Array {
  // Objects: 1 catalog, 2 page tree, 3 font, then a page and its content stream per page.
  const objects: string[] = []
  const pageIds = pages.map((_, index) => 4 + index * 2)
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>'
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'
  pages.forEach((text, index) => {
    const page = pageIds[index]!
    const stream = `BT /F1 24 Tf 72 720 Td (${pdfText(text)}) Tj ET`
    objects[page] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${page + 1} 0 R >>`
    objects[page + 1] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`
  })
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = body.length
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`
  }
  const xref = body.length
  const entries = offsets.slice(1).map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n${entries.join('')}`
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return new TextEncoder().encode(body)
}
