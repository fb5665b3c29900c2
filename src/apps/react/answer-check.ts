/**
 * An app's answer to a form question is checked here, outside its sandbox,
 * against the question's own `requestedSchema` with the forms' validator
 * (SEP-3118): the app is the server's code, and the server asked for this
 * shape. Anything else is not an answer, and the native form takes over.
 */
import type { InputResponse, JsonObject } from '../../core/index.js'
import { noEvalValidator, pickSubmittedContent, toFormSchema } from '../../forms/index.js'

/** The answer to send, or undefined when the app's answer does not fit the question. */
export function checkAppAnswer(requestedSchema: unknown, answer: unknown): InputResponse | undefined {
  if (!isPlainObject(answer)) return undefined
  if (answer.action === 'decline' || answer.action === 'cancel') return { action: answer.action }
  if (answer.action !== 'accept') return undefined
  const content = answer.content ?? {}
  if (!isPlainObject(content)) return undefined
  const form = toFormSchema(requestedSchema)
  const properties = isPlainObject(form.schema.properties) ? form.schema.properties : {}
  // A field the question did not ask for, or one the form could not have asked, is not the person's answer to it.
  if (Object.keys(content).some((name) => !Object.hasOwn(properties, name))) return undefined
  if (!noEvalValidator.isValid(form.schema, content, form.schema)) return undefined
  const picked = pickSubmittedContent(form.schema, content)
  // Values of the wrong kind (an object for a string, a fraction for an integer) are dropped by the pick: refuse them.
  for (const [name, value] of Object.entries(content)) {
    if (!Object.hasOwn(picked, name) && !(value === '' || (Array.isArray(value) && value.length === 0))) return undefined
  }
  return { action: 'accept', content: picked as JsonObject }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
