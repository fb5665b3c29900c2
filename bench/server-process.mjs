/**
 * A benchmark server in its own process, so its work and memory never mix
 * with the contestant's: it prints `{"url": …}` on its first stdout line and
 * stops when its stdin closes. Shared by stream.mjs and memory.mjs.
 */
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { pathToFileURL } from 'node:url'

/** Starts `node script …args` and resolves with the URL it prints; bounded to 20 s. */
export function startServerProcess(node, args, { cwd, label }) {
  return new Promise((resolveStart, reject) => {
    const child = spawn(node, args, { cwd, stdio: ['pipe', 'pipe', 'inherit'] })
    const timer = setTimeout(() => {
      child.kill()
      reject(new Error(`${label} did not start within 20 s`))
    }, 20_000)
    child.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${label} exited with ${code}`))
    })
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer)
      try {
        resolveStart({ url: JSON.parse(line).url, child })
      } catch (error) {
        child.kill()
        reject(error)
      }
    })
  })
}

/** Closes its stdin and waits for the exit; kills it after 3 s. */
export async function stopServerProcess(child) {
  if (child.exitCode !== null) return
  const exited = new Promise((resolveExit) => child.once('exit', resolveExit))
  child.stdin.end()
  const timer = setTimeout(() => child.kill('SIGKILL'), 3_000)
  await exited
  clearTimeout(timer)
}

/** An integer setting from the environment, clamped to [min, max]. */
export function clampInt(value, fallback, min, max) {
  const n = Number.parseInt(value ?? '', 10)
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback
}

/**
 * The command line of a part run as a script: `--serve` (its server, until
 * stdin closes), `--measure …args` (one sample, its JSON on stdout), else the
 * whole part (`--json` for JSON, text otherwise). Does nothing when the
 * module was imported rather than run.
 */
export async function runPartScript(moduleUrl, { serve, measure, measureAll, format, exitAfterMeasure = false }) {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? '').href) return
  const at = process.argv.indexOf('--measure')
  if (process.argv.includes('--serve')) {
    await serve()
  } else if (at !== -1) {
    process.stdout.write(`${JSON.stringify(await measure(...process.argv.slice(at + 1)))}\n`)
    // Keep-alive sockets of a client's pool would hold the process open for seconds.
    if (exitAfterMeasure) process.exit(0)
  } else {
    const result = await measureAll()
    if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(result)}\n`)
    else console.log(format(result))
  }
}
