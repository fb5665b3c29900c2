/**
 * The texts of `ElicitationForm` and its fields, validation included. In the
 * first load with the form.
 */
import type { FileProblem } from '../file-data-uri.js'
import type { Messages, ValidationField } from '../messages.js'
import { plural, fileProblem } from './words.js'

export const formTexts = {
  accept: 'Accept',
  requiredMark: '*',
  errorSummary: (count) => `${count} ${plural(count, 'answer needs', 'answers need')} attention before sending.`,
  validation: validationMessage,
  errorSummaryItem: (fieldLabel, message) => `${fieldLabel}: ${message}`,
  unsupportedHeading: 'Some parts of this request cannot be shown:',
  unsupportedItem: (field, reason) => (field === null ? reason : `${field}: ${reason}`),
  unsupportedBlocksAccept: 'A required part cannot be shown, so this question can only be declined or skipped.',
  timeZoneNote: (offset) => `Your time zone (UTC${offset}) is sent with the time.`,
  fieldsLoadFailed: 'The fields of this question could not be loaded.',
  fieldsLoadRetry: 'Try again',
} satisfies Partial<Messages>

/** The default {@link Messages.validation}. */
function validationMessage(keyword: string, params: Readonly<Record<string, unknown>>, fieldLabel: string, field: ValidationField): string {
  const limit = typeof params.limit === 'number' ? params.limit : Number(params.limit)
  const format = typeof params.format === 'string' ? params.format : field.format
  const choosing = field.kind === 'choice' || field.kind === 'choices' || field.kind === 'boolean' || field.kind === 'file'
  if (field.kind === 'file' && keyword === 'minItems') return `Choose at least ${limit} ${plural(limit, 'file', 'files')}`
  if (field.kind === 'file' && keyword === 'maxItems') return `Choose at most ${limit} ${plural(limit, 'file', 'files')}`
  switch (keyword) {
    case 'required':
      return choosing ? `Choose ${fieldLabel}` : `Enter ${fieldLabel}`
    case 'format':
      switch (format) {
        case 'email':
          return 'Enter an email address'
        case 'uri':
          return 'Enter a web address (https://…)'
        case 'date':
          return 'Enter a date'
        case 'date-time':
          return 'Enter a date and time'
        default:
          return 'Use the expected format'
      }
    case 'minLength':
      return `At least ${limit} ${plural(limit, 'character', 'characters')}`
    case 'maxLength':
      return `At most ${limit} ${plural(limit, 'character', 'characters')}`
    case 'minimum':
      return `${limit} or more`
    case 'maximum':
      return `${limit} or less`
    case 'exclusiveMinimum':
      return `More than ${limit}`
    case 'exclusiveMaximum':
      return `Less than ${limit}`
    case 'multipleOf':
      return `Use a multiple of ${params.multipleOf}`
    case 'minItems':
      return `Choose at least ${limit}`
    case 'maxItems':
      return `Choose at most ${limit}`
    case 'uniqueItems':
      return 'Choose each option only once'
    case 'enum':
    case 'oneOf':
    case 'anyOf':
    case 'const':
      return 'Choose one of the options'
    case 'pattern':
      return 'Use the expected format'
    case 'x-mcp-file': {
      const words = fileProblem(params as FileProblem)
      return words.charAt(0).toUpperCase() + words.slice(1)
    }
    case 'type':
      return field.kind === 'integer' ? 'Enter a whole number' : field.kind === 'number' ? 'Enter a number' : `Check ${fieldLabel}`
    default:
      return `Check ${fieldLabel}`
  }
}
