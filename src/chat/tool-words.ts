/**
 * A tool's name in words, for the heading of a tool part whose tool has no
 * title: `trip_wizard` → "Trip wizard", `getUserProfile` → "Get user
 * profile", `notes.read` → "Notes read". The server chose the name: it is
 * cleaned of control and bidi characters and clipped, and shown as text.
 */
import { cleanText } from './json.js'

const MAX_WORDS = 120

export function toolNameInWords(name: string): string {
  const spaced = name
    .slice(0, MAX_WORDS * 2)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.\/:]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  const words = cleanText(spaced, MAX_WORDS)
  if (words === undefined) return cleanText(name, MAX_WORDS) ?? 'Tool'
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase()
}
