/**
 * The `seat_map` view (ui://demo/seat-map.html), built on ext-apps' own
 * `App` so it is an outside oracle for our host. It shows the tool input as
 * soon as it arrives, draws the seats from the result's structuredContent,
 * holds a picked seat through the app-only `hold_seat` tool (which asks the
 * person one question in the chat), tells the assistant, opens the
 * airline's terms through the host, saves a boarding pass through the host
 * (`ui/download-file`, a text and a binary file), asks to be closed (Done), and on teardown calls the app-only
 * `view_closed` tool so the server's record shows it was torn down.
 *
 * Lines a test waits for (text of the ids): #flight, #input, #status
 * (data-state: waiting|ready|holding|held|not-held|failed|closing), #held,
 * #message-status, #link-status, #download-status; seats are `[data-seat="3C"]` with
 * data-state free|taken|held; body[data-connected="true"] once initialized.
 */
import { App } from '@modelcontextprotocol/ext-apps'

import type { SeatLayout as Layout } from '../tools/app-flows.ts'
import { connect, describeError, followHost, h, setLine, svg, textOf, within } from './kit.ts'

const TERMS_URL = 'https://example.com/airline-terms'
const SEAT = 34
const GAP = 8

const app = new App({ name: 'mcp-elicit-demo-seat-map', version: '1.0.0' }, {}, { autoResize: true })
const host = followHost(app)
let layout: Layout | undefined
let flight = 'LX 318'
let held: { seat: string; passenger: string } | undefined
let busy = false

const main = document.querySelector('main') ?? document.body.appendChild(h('main'))
const heading = h('h1', { id: 'flight' }, 'Seat map')
const map = h('div', { id: 'map' })
const tell = h('button', { id: 'tell', type: 'button', disabled: true, onclick: () => void tellAssistant() }, 'Tell the assistant')
const save = h('button', { id: 'save', type: 'button', onclick: () => void saveBoardingPass() }, 'Save boarding pass')
const terms = h('a', { id: 'terms', href: TERMS_URL, onclick: (event) => openTerms(event) }, 'Airline terms')
// Asks the host to close the view (request-teardown): the host then sends ui/resource-teardown and waits for onteardown.
const done = h('button', { id: 'done', type: 'button', onclick: () => void app.requestTeardown() }, 'Done')
const legend = h('p', { class: 'legend' }, h('span', { 'data-key': 'free' }, 'free'), h('span', { 'data-key': 'taken' }, 'taken'), h('span', { 'data-key': 'held' }, 'yours'))
// The lines in reading order; the status lines of the buttons come after them.
main.append(heading, h('p', { id: 'input', class: 'line' }), map, legend, h('p', { id: 'status', class: 'line' }), h('p', { id: 'held', class: 'line' }), h('div', { class: 'actions' }, tell, save, terms, done))
setLine('status', 'Waiting for the seats…', 'waiting')

app.ontoolinput = ({ arguments: args }) => {
  if (typeof args?.flight === 'string') flight = args.flight
  heading.textContent = `Flight ${flight}`
  setLine('input', `Input: ${JSON.stringify(args ?? {})}`)
}

app.ontoolresult = (result) => {
  const data = result.structuredContent as Partial<Layout> | undefined
  if (result.isError || !data || !Array.isArray(data.columns) || !Array.isArray(data.taken) || typeof data.rows !== 'number') {
    setLine('status', `No seat map in the result: ${textOf(result) || 'empty'}`, 'failed')
    return
  }
  layout = { flight: String(data.flight ?? flight), rows: data.rows, columns: data.columns.map(String), taken: data.taken.map(String) }
  flight = layout.flight
  heading.textContent = `Flight ${flight}`
  draw()
  setLine('status', `${layout.rows * layout.columns.length - layout.taken.length} seats free. Pick one.`, 'ready')
}

app.ontoolcancelled = ({ reason }) => setLine('status', `The call was cancelled${reason ? `: ${reason}` : ''}.`, 'failed')

app.onteardown = async () => {
  setLine('status', 'Closing…', 'closing')
  // The server's record is the test's proof that teardown reached the view;
  // bounded, so a host that refuses the call still gets its answer in time.
  try {
    await within(app.callServerTool({ name: 'view_closed', arguments: { view: 'seat-map', flight, ...(held && { heldSeat: held.seat }) } }), 1500, 'view_closed')
  } catch {
    // The host may refuse server tools; the teardown is answered anyway.
  }
  return {}
}

function draw(): void {
  if (!layout) return
  const { rows, columns, taken } = layout
  const aisle = Math.floor(columns.length / 2)
  const width = columns.length * (SEAT + GAP) + GAP * 3 + 24
  const height = rows * (SEAT + GAP) + GAP + 24
  const picture = svg('svg', { id: 'seat-map', viewBox: `0 0 ${width} ${height}`, width, height, role: 'group', 'aria-label': `Seats of ${layout.flight}` })
  columns.forEach((column, index) => {
    const x = 24 + index * (SEAT + GAP) + (index >= aisle ? GAP * 2 : 0) + SEAT / 2
    picture.append(svg('text', { x, y: 16, class: 'label', 'text-anchor': 'middle' }, column))
  })
  for (let row = 1; row <= rows; row++) {
    const y = 24 + (row - 1) * (SEAT + GAP)
    picture.append(svg('text', { x: 4, y: y + SEAT / 2 + 4, class: 'label' }, String(row)))
    columns.forEach((column, index) => {
      const seat = `${row}${column}`
      const state = held?.seat === seat ? 'held' : taken.includes(seat) ? 'taken' : 'free'
      const x = 24 + index * (SEAT + GAP) + (index >= aisle ? GAP * 2 : 0)
      const pick = () => void holdSeat(seat)
      picture.append(
        svg(
          'g',
          {
            class: 'seat',
            'data-seat': seat,
            'data-state': state,
            role: 'button',
            tabindex: state === 'free' ? 0 : -1,
            'aria-disabled': state === 'free' ? 'false' : 'true',
            'aria-label': `Seat ${seat}, ${state}`,
            onclick: state === 'free' ? pick : undefined,
            onkeydown: state === 'free' ? (event) => keyPick(event, pick) : undefined,
          },
          svg('rect', { x, y, width: SEAT, height: SEAT, rx: 6 }),
          svg('text', { x: x + SEAT / 2, y: y + SEAT / 2 + 4, 'text-anchor': 'middle' }, seat),
        ),
      )
    })
  }
  map.replaceChildren(picture)
}

function keyPick(event: Event, pick: () => void): void {
  const key = (event as KeyboardEvent).key
  if (key !== 'Enter' && key !== ' ') return
  event.preventDefault()
  pick()
}

async function holdSeat(seat: string): Promise<void> {
  if (busy) return
  busy = true
  setLine('status', `Holding ${seat}… answer the question in the chat.`, 'holding')
  try {
    // hold_seat is app-only and asks one question; the host shows it in the chat and resumes the call.
    const result = await app.callServerTool({ name: 'hold_seat', arguments: { flight, seat } })
    const data = result.structuredContent as { held?: boolean; passenger?: string; action?: string } | undefined
    if (result.isError) setLine('status', `Could not hold ${seat}: ${textOf(result)}`, 'failed')
    else if (data?.held === true && typeof data.passenger === 'string') {
      held = { seat, passenger: data.passenger }
      setLine('status', `Seat ${seat} held for ${data.passenger}.`, 'held')
      setLine('held', `Held: ${seat}`)
      tell.disabled = false
      draw()
    } else setLine('status', `Seat ${seat} not held (${data?.action ?? 'no answer'}).`, 'not-held')
  } catch (error) {
    setLine('status', `Could not hold ${seat}: ${describeError(error)}`, 'failed')
  } finally {
    busy = false
  }
}

async function tellAssistant(): Promise<void> {
  if (!held) return
  try {
    const answer = await app.sendMessage({ role: 'user', content: [{ type: 'text', text: `I picked seat ${held.seat} on ${flight} for ${held.passenger}.` }] })
    setLine('message-status', answer.isError ? 'The host refused the message.' : 'Told the assistant.', answer.isError ? 'refused' : 'sent')
  } catch (error) {
    setLine('message-status', `The host refused the message: ${describeError(error)}`, 'refused')
  }
}

/** The bytes of the binary file the view saves: every byte value once, so a test can check none was altered. */
const PASS_BYTES = Array.from({ length: 256 }, (_, index) => index)

/** A sandboxed view cannot download: it asks the host, which asks the person. */
async function saveBoardingPass(): Promise<void> {
  const pass = `Boarding pass\nFlight ${flight}\nSeat ${held?.seat ?? 'none'}\n`
  const blob = btoa(String.fromCharCode(...PASS_BYTES))
  try {
    const answer = await app.downloadFile({
      contents: [
        { type: 'resource', resource: { uri: 'file:///exports/../boarding-pass.txt', mimeType: 'text/plain', text: pass } },
        { type: 'resource', resource: { uri: 'file:///exports/bytes.bin', mimeType: 'application/octet-stream', blob } },
      ],
    })
    setLine('download-status', answer.isError ? 'The host did not save the files.' : 'Saved.', answer.isError ? 'declined' : 'saved')
  } catch (error) {
    setLine('download-status', `The host refused the download: ${describeError(error)}`, 'refused')
  }
}

function openTerms(event: Event): void {
  // The view never navigates itself: the host decides whether to open the link.
  event.preventDefault()
  app.openLink({ url: TERMS_URL }).then(
    (answer) => setLine('link-status', answer.isError ? 'The host refused to open the link.' : `Opened ${TERMS_URL}`, answer.isError ? 'refused' : 'opened'),
    (error: unknown) => setLine('link-status', `The host refused to open the link: ${describeError(error)}`, 'refused'),
  )
}

connect(app, host.now, (message) => setLine('status', message, 'failed'))
