/**
 * Validates messages against the official MCP JSON schemas vendored in
 * test/fixtures/mcp-schema (origin and license in its README), so tests prove
 * that what the client sends is what the specification defines.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'

const root = fileURLToPath(new URL('../fixtures/mcp-schema/', import.meta.url))

function load(version: '2026-07-28' | '2025-11-25') {
  const schema = JSON.parse(readFileSync(`${root}${version}/schema.json`, 'utf8'))
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats.default(ajv)
  delete schema.$schema
  ajv.addSchema(schema, version)
  return (definition: string, value: unknown): string[] => {
    const validate = ajv.getSchema(`${version}#/${'$defs' in schema ? '$defs' : 'definitions'}/${definition}`)
    if (!validate) throw new Error(`No definition ${definition} in the ${version} schema`)
    return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`)
  }
}

export const modernSchema = load('2026-07-28')
export const legacySchema = load('2025-11-25')

export const examplesDir = `${root}2026-07-28/examples/`
