#!/usr/bin/env node
// The public face, pinned: one API Extractor report per typed entry of
// `exports` (api/<entry>.api.md), read from the built declarations in dist/.
// A change to what an entry exports, or to any exported type's shape, shows
// up as a diff of these files in review.
//
//   node packaging/api-report.mjs           check: fails when a report is stale
//   node packaging/api-report.mjs --update  rewrite the reports (npm run api:update)
//   --package <dir>  read package.json and the declarations from an unpacked
//                    tarball there (the package check does: what npm ships)
//
// Needs `npm run build` first. The reports are always those in api/.

import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor'

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const { values: cli } = parseArgs({ options: { update: { type: 'boolean' }, package: { type: 'string' } } })
const update = cli.update === true
const root = resolve(cli.package ?? repo)
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))

/** `./ai-sdk/react` → `ai-sdk-react`; `.` → `mcp-elicit`. */
export const reportName = (subpath) => (subpath === '.' ? 'mcp-elicit' : subpath.slice(2).replaceAll('/', '-'))

const entries = Object.entries(pkg.exports)
  .filter(([, target]) => typeof target === 'object' && target.types)
  .map(([subpath, target]) => ({ subpath, name: reportName(subpath), types: join(root, target.types) }))

const reportFolder = join(repo, 'api')
const tempFolder = join(repo, '.cache', 'api')
mkdirSync(reportFolder, { recursive: true })
mkdirSync(tempFolder, { recursive: true })

const stale = []
for (const { subpath, name, types } of entries) {
  if (!existsSync(types)) {
    console.error(`${types} is missing: run npm run build first`)
    process.exit(2)
  }
  const config = ExtractorConfig.prepare({
    configObject: {
      projectFolder: root,
      mainEntryPointFilePath: types,
      bundledPackages: [],
      compiler: {
        overrideTsconfig: {
          compilerOptions: { target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', jsx: 'react-jsx', strict: true, skipLibCheck: true, lib: ['es2023', 'dom', 'dom.iterable'], types: [] },
          include: [types],
        },
      },
      apiReport: { enabled: true, reportFileName: `${name}.api.md`, reportFolder, reportTempFolder: tempFolder },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        compilerMessageReporting: { default: { logLevel: 'warning' } },
        // Release tags (@public/@beta) are not how this package marks what is
        // experimental (the docs say so per feature), so their absence is no news.
        extractorMessageReporting: { default: { logLevel: 'warning' }, 'ae-missing-release-tag': { logLevel: 'none' }, 'ae-forgotten-export': { logLevel: 'none' }, 'ae-undocumented': { logLevel: 'none' }, 'ae-unresolved-link': { logLevel: 'none' } },
        tsdocMessageReporting: { default: { logLevel: 'none' } },
      },
    },
    configObjectFullPath: join(repo, 'api', 'api-extractor.json'),
    packageJsonFullPath: join(root, 'package.json'),
  })
  const result = Extractor.invoke(config, { localBuild: update, showVerboseMessages: false, messageCallback: (message) => {
    // Its "report changed" notice is what this script prints itself; which TypeScript it bundles is no news.
    if (['console-api-report-not-copied', 'console-api-report-copied', 'console-api-report-created', 'console-compiler-version-notice'].includes(message.messageId)) message.handled = true
  } })
  if (result.apiReportChanged && !update) stale.push(`mcp-elicit${subpath.slice(1)}: api/${name}.api.md`)
  if (result.errorCount > 0) {
    console.error(`${subpath}: ${result.errorCount} error(s)`)
    process.exit(1)
  }
}

if (stale.length > 0) {
  console.error(`The public API changed; the reports are stale:\n  ${stale.join('\n  ')}\nIf the change is meant, run \`npm run api:update\` and commit api/ (the diff is the API change to review).`)
  process.exit(1)
}
console.log(`${update ? 'updated' : 'checked'} ${entries.length} API reports in api/`)
