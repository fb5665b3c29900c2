/**
 * File inputs (SEP-2356 `x-mcp-file`, experimental), end to end in Chromium
 * under the demo's strict CSP: a file is chosen with `setInputFiles` (or
 * dropped on the field), shown
 * (name, type, size, a data: preview), sent as a data: URI in the answer, and
 * the server describes it and shows it back, in both eras. Files too large or
 * of a type not accepted are refused before they are read. A reload in the
 * middle of an input_required round keeps the chosen file: the demo keeps its
 * calls in IndexedDB (files as Blobs, a 1 MB one too) under its backend store.
 * (The session store's limit, a file too large to keep in the tab, is
 * FileInput.stories.tsx's NotKeptAfterReload.)
 */
import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { expect, resultOf, test } from './fixtures'

/** SEP-2356's 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNkYGBgAAAABQABWaDDsAAAAABJRU5ErkJggg==', 'base64')
/** The same PNG padded after its end to `bytes` (still a PNG to a browser and to the server's check). */
const paddedPng = (bytes: number) => Buffer.concat([PNG, Buffer.alloc(bytes - PNG.length)])

async function axe(page: Page, scope: Locator) {
  const id = await scope.getAttribute('data-turn')
  const results = await new AxeBuilder({ page }).include(`[data-turn="${id}"]`).analyze()
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
}

for (const [tool, server] of [
  ['describe_image', 'demo'],
  ['legacy_describe_image', 'legacy'],
] as const) {
  test(`${tool}: an image chosen, previewed, sent as a data: URI; the server describes it and shows it back`, async ({ page, turn }) => {
    const call = await turn(tool, {}, server)
    const form = call.locator('.mcp-elicit-form')
    const input = form.getByLabel('Image')
    await expect(input).toHaveAttribute('type', 'file')
    await expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/gif,image/webp')
    await expect(form).toContainText('Accepted: image/png, image/jpeg, image/gif, image/webp. Up to 2 MB.')
    expect(await axe(page, call), 'empty').toEqual([])

    await input.setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG })
    await expect(form.locator('.mcp-elicit-file-item')).toContainText('dot.png (image/png, 70 bytes)')
    const preview = form.getByRole('img', { name: 'Preview of dot.png' })
    await expect(preview).toHaveAttribute('src', `data:image/png;base64,${PNG.toString('base64')}`)
    // Decoded: the page's CSP (img-src 'self' data:) let the preview through.
    await expect.poll(() => preview.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1)
    expect(await axe(page, call), 'chosen').toEqual([])

    await form.getByRole('button', { name: 'Accept' }).click()
    expect(await resultOf(call)).toBe(`${tool}: a image/png image of 70 bytes`)
    const shown = call.locator('.mcp-elicit-result img')
    await expect(shown).toHaveAttribute('src', /^data:image\/png;base64,/)
    await expect.poll(() => shown.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1)
  })
}

test('a file too large or of a type not accepted is refused before it is read, naming the limit; remove and choose again', async ({ page, turn }) => {
  const call = await turn('describe_image')
  const form = call.locator('.mcp-elicit-form')
  const input = form.getByLabel('Image')
  const status = form.locator('.mcp-elicit-file-status')

  await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: paddedPng(2 * 1024 * 1024 + 1) })
  await expect(status).toContainText('huge.png: the file is 2 MB, over the limit of 2 MB. Nothing was sent.')
  await expect(form.locator('.mcp-elicit-file-item')).toHaveCount(0)

  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
  await expect(status).toContainText('notes.txt: files of type text/plain are not accepted here (accepted: image/png, image/jpeg, image/gif, image/webp). Nothing was sent.')
  expect(await axe(page, call), 'refused').toEqual([])

  // Nothing chosen: Accept says what is missing.
  await form.getByRole('button', { name: 'Accept' }).click()
  await expect(form.locator('.mcp-elicit-error-summary')).toContainText('Image: Choose Image')

  await input.setInputFiles({ name: 'first.png', mimeType: 'image/png', buffer: PNG })
  await expect(form.locator('.mcp-elicit-file-item')).toContainText('first.png')
  await form.getByRole('button', { name: 'Remove first.png' }).click()
  await expect(form.locator('.mcp-elicit-file-item')).toHaveCount(0)
  await input.setInputFiles({ name: 'second.png', mimeType: 'image/png', buffer: paddedPng(1000) })
  await expect(form.locator('.mcp-elicit-file-item')).toContainText('second.png (image/png, 1000 bytes)')
  await form.getByRole('button', { name: 'Accept' }).click()
  expect(await resultOf(call)).toBe('describe_image: a image/png image of 1000 bytes')
})

test('a file dropped on the field is taken as a chosen one; a dropped file of a type not accepted is refused', async ({ page, turn }) => {
  const call = await turn('describe_image')
  const form = call.locator('.mcp-elicit-form')
  await expect(form.getByLabel('Image')).toBeVisible()
  const zone = form.locator('.mcp-elicit-file')
  /** A real DataTransfer holding one file, made in the page, dragged over the field and dropped. */
  const drop = async (name: string, type: string, base64: string) => {
    const dataTransfer = await page.evaluateHandle(
      ({ name, type, base64 }) => {
        const transfer = new DataTransfer()
        transfer.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type }))
        return transfer
      },
      { name, type, base64 },
    )
    await zone.dispatchEvent('dragover', { dataTransfer })
    await expect(zone).toHaveAttribute('data-over', 'true')
    await zone.dispatchEvent('drop', { dataTransfer })
    await expect(zone).not.toHaveAttribute('data-over')
  }

  await drop('notes.txt', 'text/plain', Buffer.from('hello').toString('base64'))
  await expect(form.locator('.mcp-elicit-file-status')).toContainText('notes.txt: files of type text/plain are not accepted here')
  await expect(form.locator('.mcp-elicit-file-item')).toHaveCount(0)

  await drop('dropped.png', 'image/png', PNG.toString('base64'))
  await expect(form.locator('.mcp-elicit-file-item')).toContainText('dropped.png (image/png, 70 bytes)')
  await form.getByRole('button', { name: 'Accept' }).click()
  expect(await resultOf(call)).toBe('describe_image: a image/png image of 70 bytes')
})

test('a reload in the middle of the round keeps a chosen file, a small one and a 1 MB one (IndexedDB keeps it as a Blob)', async ({ page, turn }) => {
  // Two reloads and a 1 MB file read, sent and shown back: a bound, not a timing assertion.
  test.setTimeout(90_000)
  const call = await turn('describe_image')
  await call.locator('.mcp-elicit-form').getByLabel('Image').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG })
  await expect(call.locator('.mcp-elicit-file-item')).toContainText('dot.png')
  await page.reload()
  const again = page.locator('article.demo-turn').first()
  const form = again.locator('.mcp-elicit-form')
  // The name is not in the data URI (SEP-2356): after a reload the type and size are what is known.
  await expect(form.locator('.mcp-elicit-file-item')).toContainText('Chosen file (image/png, 70 bytes)')
  await form.getByRole('button', { name: 'Accept' }).click()
  expect(await resultOf(again)).toBe('describe_image: a image/png image of 70 bytes')

  const big = await turn('describe_image')
  await big.locator('.mcp-elicit-form').getByLabel('Image').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: paddedPng(1024 * 1024) })
  await expect(big.locator('.mcp-elicit-file-item')).toContainText('big.png (image/png, 1 MB)')
  await page.reload()
  const last = page.locator('article.demo-turn').nth(1)
  const bigForm = last.locator('.mcp-elicit-form')
  // Over the session store's budget (about 750 KB of files), kept all the same: IndexedDB holds it as a Blob.
  await expect(bigForm.locator('.mcp-elicit-file-item')).toContainText('Chosen file (image/png, 1 MB)')
  await expect(bigForm.locator('.mcp-elicit-file-refused')).toHaveCount(0)
  expect(await axe(page, last), 'kept').toEqual([])
  await bigForm.getByRole('button', { name: 'Accept' }).click()
  expect(await resultOf(last)).toBe('describe_image: a image/png image of 1048576 bytes')
  // The wire log shows the file as its type and size, never its bytes (SEP-2356 §Logging and telemetry).
  await page.locator('details.demo-wire summary').click()
  const wire = await page.locator('details.demo-wire').innerText()
  expect(wire).toContain('data:image/png;base64,[1048576 bytes]')
  expect(wire).not.toMatch(/[A-Za-z0-9+/]{300}/)
})
