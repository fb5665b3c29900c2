/**
 * The texts of the file widget (SEP-2356 `x-mcp-file`). They load with the
 * widget, only for a form with a file field.
 */
import type { Messages } from '../messages.js'
import { plural, formatBytes, fileProblem } from './words.js'

export const fileTexts = {
  fileDrop: (multiple) => (multiple ? 'or drop them here' : 'or drop it here'),
  fileLimits: (accept, maxBytes, multiple) =>
    `${accept.length > 0 ? `Accepted: ${accept.join(', ')}.` : 'Any type of file.'} Up to ${formatBytes(maxBytes)}${multiple ? ' each' : ''}.`,
  fileChosen: (name, mediaType, bytes) => `${name || 'Chosen file'} (${mediaType}, ${formatBytes(bytes)})`,
  fileRemove: (name) => `Remove ${name || 'the file'}`,
  filePreviewAlt: (name) => `Preview of ${name || 'the chosen image'}`,
  fileReading: (name) => `Reading ${name}…`,
  fileRefused: (name, problem) => `${name}: ${problem ? fileProblem(problem) : 'it could not be read'}. Nothing was sent.`,
  fileTooMany: (max) => `Choose at most ${max} ${plural(max, 'file', 'files')}`,
  fileNotKept: (count) =>
    `${count === 1 ? 'A file chosen before the page reloaded was' : `${count} files chosen before the page reloaded were`} too large to keep in this tab: choose ${plural(count, 'it', 'them')} again.`,
  fileOnOtherDevice: (count) =>
    `${count === 1 ? 'A file was' : `${count} files were`} chosen on another device and stayed there (too large to share): choose ${plural(count, 'it', 'them')} again here.`,
} satisfies Partial<Messages>
