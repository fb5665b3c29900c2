/**
 * Every demo tool, end to end in a real Chromium under a strict CSP: the
 * person answers in the library's components and the tool reports back what
 * it received.
 */
import { expect, resultOf, test } from './fixtures'

test('profile_form: every field kind with defaults, one change, accepted', async ({ page, turn, stack }, testInfo) => {
  const call = await turn('profile_form')
  const form = call.locator('.mcp-elicit-form')
  await expect(form).toHaveAttribute('data-validator', 'no-eval')
  await expect(form.getByRole('textbox', { name: 'Full name' })).toHaveValue('Ada Lovelace')
  await expect(form.getByRole('spinbutton', { name: 'Age' })).toHaveValue('36')
  await expect(form.getByRole('combobox', { name: 'Plan' })).toHaveValue(/pro|1/)
  await expect(form.getByRole('combobox', { name: 'Plan' }).locator('option:checked')).toHaveText('Pro (9 €/month)')
  await page.screenshot({ path: testInfo.outputPath('profile-form-defaults.png'), fullPage: true })
  await form.getByRole('textbox', { name: 'Full name' }).fill('Grace Hopper')
  await form.getByRole('checkbox', { name: 'Friday' }).check()
  await form.getByRole('button', { name: 'Accept' }).click()
  const text = await resultOf(call)
  expect(text).toMatch(/^profile_form: accept /)
  const content = JSON.parse(text.replace('profile_form: accept ', ''))
  expect(content).toMatchObject({
    name: 'Grace Hopper',
    email: 'ada@example.com',
    website: 'https://example.com/ada',
    birthday: '1815-12-10',
    height: 1.65,
    age: 36,
    newsletter: false,
    language: 'en',
    plan: 'pro',
    shirt: 'm',
  })
  expect(content.days).toEqual(expect.arrayContaining(['wed', 'fri']))
  expect(content.meeting).toMatch(/^2026-09-01T09:30:00([+-]\d\d:\d\d|Z)$/)
  expect(new Date(content.meeting).toISOString()).toBe('2026-09-01T09:30:00.000Z')
  await page.screenshot({ path: testInfo.outputPath('profile-form-done.png'), fullPage: true })
  expect(stack.demo.received.find((r) => r.tool === 'profile_form')).toBeTruthy()
})

test('trip_wizard: three rounds carried in signed requestState', async ({ page, turn }, testInfo) => {
  const call = await turn('trip_wizard')
  await call.getByRole('combobox', { name: 'Destination' }).selectOption({ label: 'Kyoto, Japan' })
  await call.getByRole('spinbutton', { name: 'Travellers' }).fill('3')
  await call.getByRole('button', { name: 'Accept' }).click()
  await expect(call.getByText(/Step 2 of 3: when\? \(Kyoto, Japan, 3 travellers\)/)).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('wizard-step-2.png') })
  await call.getByRole('button', { name: 'Accept' }).click()
  await expect(call.getByText(/Step 3 of 3: book Kyoto, Japan for 3/)).toBeVisible()
  await call.getByRole('button', { name: 'Accept' }).click()
  expect(await resultOf(call)).toBe('trip_wizard: booked {"destination":"kyoto","travellers":3,"depart":"2026-09-14","return":"2026-09-21"}')
  // The wire log shows the traffic, but never the opaque requestState itself.
  await page.locator('details.demo-wire summary').click()
  const wire = await page.locator('details.demo-wire').innerText()
  expect(wire).toContain('[opaque requestState]')
  expect(wire).not.toMatch(/"requestState":\s*"v1\./)
})

test('two_questions: both questions of one round answered, one retry', async ({ turn, stack }) => {
  const posts = () => stack.demo.log.filter((hit) => hit.method === 'POST' && hit.tool === 'two_questions').length
  const before = posts()
  const call = await turn('two_questions')
  const forms = call.locator('.mcp-elicit-form')
  await expect(forms).toHaveCount(2)
  await call.getByRole('checkbox', { name: 'Send me updates' }).check()
  await forms.nth(1).getByRole('button', { name: 'Accept' }).click()
  await call.getByRole('textbox', { name: 'City' }).fill('Oslo')
  await forms.nth(0).getByRole('button', { name: 'Accept' }).click()
  expect(await resultOf(call)).toBe('two_questions: first=accept {"city":"Oslo"}; second=accept {"subscribe":true}')
  expect(posts() - before).toBe(2)
})

test('crunch_numbers: requestState-only rounds with progress, no question asked', async ({ turn }) => {
  const call = await turn('crunch_numbers', { steps: 3 })
  expect(await resultOf(call)).toBe('crunch_numbers: done after 3 rounds, sum of 1..3 = 6, progress sent in 3 of 3 rounds')
  await expect(call.locator('.mcp-elicit-form')).toHaveCount(0)
})

test('ask_model: sampling approved by the person, answered by the stand-in model', async ({ turn }) => {
  const call = await turn('ask_model')
  const card = call.locator('.mcp-elicit-approval')
  await expect(card).toContainText('The server asks to use your AI model')
  await card.getByRole('button', { name: 'Approve' }).click()
  await expect(card).toContainText('Paris.')
  await card.getByRole('button', { name: 'Send' }).click()
  expect(await resultOf(call)).toBe('ask_model: model "stand-in-1" (assistant) answered "Paris.", stopReason "endTurn"')
})

test('list_workspace: roots shared after approval', async ({ turn }) => {
  const call = await turn('list_workspace')
  const card = call.locator('.mcp-elicit-approval')
  await expect(card).toContainText('file:///demo/workspace')
  await card.getByRole('button', { name: 'Approve' }).click()
  const send = card.getByRole('button', { name: 'Send' })
  if (await send.count()) await send.click()
  expect(await resultOf(call)).toBe('list_workspace: 2 roots [{"uri":"file:///demo/workspace","name":"workspace"},{"uri":"file:///demo/notes","name":"notes"}]')
})

test('regional_lookup: the x-mcp-header parameter goes out as Mcp-Param-Region from the browser', async ({ turn }) => {
  const call = await turn('regional_lookup', { region: ' Zürich ', query: 'tea' })
  expect(await resultOf(call)).toBe('regional_lookup: Mcp-Param-Region header " Zürich " (raw "=?base64?IFrDvHJpY2gg?="), region argument " Zürich ", query "tea"')
})

test('the prompt and the resource ask for input too', async ({ page }) => {
  await page.getByRole('button', { name: 'Prompt draft_email' }).click()
  const prompt = page.locator('article.demo-turn').last()
  await prompt.getByRole('combobox', { name: 'Tone' }).selectOption({ label: 'Friendly' })
  await prompt.getByRole('button', { name: 'Accept' }).click()
  await expect(prompt.locator('.demo-result')).toContainText('draft_email: accept {"tone":"friendly"}')
  await page.getByRole('button', { name: 'Read demo://settings' }).click()
  const resource = page.locator('article.demo-turn').last()
  await resource.getByRole('button', { name: 'Accept' }).click()
  await expect(resource.locator('.demo-result')).toContainText('demo://settings: accept {"confirm":true}; theme=dark')
})
