/**
 * A benchmark server in its own process, so its work and memory never mix
 * with the contestant's: it prints `{"url": …}` on its first stdout line and
 * stops when its stdin closes. Shared by stream.mjs and memory.mjs.
 */
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

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
