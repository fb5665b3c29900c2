// What the package check reads in README.md, CONTRIBUTING.md and docs/:
// fenced code blocks, heading anchors as GitHub makes them, relative links,
// and the README's install lines. Pure functions of the Markdown text.

/** The fenced blocks of a Markdown file, with the line of each fence (1-based). */
export function fencedBlocks(markdown) {
  const lines = markdown.split('\n')
  const blocks = []
  for (let i = 0; i < lines.length; i++) {
    const open = /^(`{3,})\s*([\w-]*)/.exec(lines[i])
    if (!open) continue
    const end = lines.findIndex((line, j) => j > i && line.trimEnd() === open[1])
    if (end === -1) break
    blocks.push({ lang: open[2], fenceLine: i + 1, code: lines.slice(i + 1, end).join('\n') })
    i = end
  }
  return blocks
}

/** GitHub's anchor for a heading's text (github-slugger on the rendered text). */
export function slug(heading) {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase()
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-')
}

/** Each line of a Markdown file outside fenced blocks, with its index (0-based). */
function* proseLines(markdown) {
  let fence
  for (const [i, line] of markdown.split('\n').entries()) {
    const marker = /^(`{3,}|~{3,})/.exec(line)?.[1]
    if (fence) {
      if (marker && line.trimEnd() === fence) fence = undefined
    } else if (marker) {
      fence = marker
    } else {
      yield [i, line]
    }
  }
}

/** The anchors of a Markdown file's headings (outside fenced blocks), duplicates numbered as GitHub does. */
export function anchorsOf(markdown) {
  const anchors = new Set()
  const seen = new Map()
  for (const [, line] of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (!heading) continue
    const base = slug(heading[1])
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    anchors.add(n === 0 ? base : `${base}-${n}`)
  }
  return anchors
}

/** Relative link and image targets of a Markdown file (outside fenced blocks and code spans), with their lines. */
export function relativeLinks(markdown) {
  const links = []
  for (const [i, line] of proseLines(markdown)) {
    const text = line.replace(/`[^`]*`/g, '')
    for (const match of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)|\bsrc="([^"]+)"/g)) {
      const target = match[1] ?? match[2]
      if (/^[a-z][\w+.-]*:/i.test(target)) continue
      links.push({ line: i + 1, target })
    }
  }
  return links
}

/** The `npm install …` lines of the README's `## Install` section. */
export function installLines(markdown) {
  const section = /^## Install[ \t]*$([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(markdown)?.[1] ?? ''
  const block = fencedBlocks(section).find((b) => b.lang === 'sh' || b.lang === 'bash')
  return (block?.code ?? '')
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter((line) => /^npm (install|i)\b/.test(line))
}
