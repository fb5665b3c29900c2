/** The call stores part of the bench as text (apart from bench/stores.mjs, which loads dist/ when imported). */
export function formatStores(result) {
  const lines = [`read a kept round back (median of ${result.samples})`]
  for (const [name, ms] of Object.entries(result.resumeMs)) lines.push(`  ${name.padEnd(36)} ${ms.toFixed(3)} ms`)
  lines.push(`list one user's calls (50 of ${result.userRows}) with ${result.tableRows.toLocaleString('en')} records in the table (median of 100, handler and database, no HTTP)`)
  for (const [name, ms] of Object.entries(result.listMs)) lines.push(`  ${name.padEnd(36)} ${ms.toFixed(3)} ms`)
  return lines.join('\n')
}
