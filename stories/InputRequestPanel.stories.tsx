import { useState } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import type { InputResponse, PendingInput } from '../src/core/index'
import { InputRequestPanel, noEvalValidator, type InputRequestPanelProps, type SignInCardAuth } from '../src/forms/index'
import { formReady } from './form-ready'
import { pendingSignIn } from './fake-sign-in-store'
import { officialRound, roots, roundInputs, samplingAnswer, server, unprintable } from './recorded'

/**
 * Stands in for the call observer: an answer marks its input answered, as
 * the reducer does, so the round can be played through. `respond` (the
 * action) records every answer.
 */
function Round(props: InputRequestPanelProps) {
  const [inputs, setInputs] = useState<readonly PendingInput[]>(props.inputs ?? [])
  const respond = (key: string, response: InputResponse) => {
    props.respond(key, response)
    setInputs((old) => old.map((input) => (input.key === key ? { ...input, answered: true, response } : input)))
  }
  return <InputRequestPanel {...props} inputs={inputs} respond={respond} />
}

const meta = {
  title: 'Forms/InputRequestPanel',
  component: InputRequestPanel,
  render: (args) => <Round {...args} />,
  args: { status: 'awaiting_input', round: 1, inputs: roundInputs, respond: fn(), onSampling: fn(async () => samplingAnswer), roots },
  parameters: { rootClass: 'mcp-elicit-panel' },
} satisfies Meta<typeof InputRequestPanel>

export default meta
type Story = StoryObj<typeof meta>

const cardClasses = (canvasElement: HTMLElement) => [...canvasElement.querySelectorAll('.mcp-elicit-request > [role="group"], .mcp-elicit-request > div')].map((card) => card.className)

/** Waits for the cards that are chunks of their own (URL, approval, sign-in: src/forms/lazy-parts.tsx) to replace their loading lines. */
const partsLoaded = (canvasElement: HTMLElement) => waitFor(() => expect(canvasElement.querySelector('.mcp-elicit-loading')).toBeNull())

export const MultiRequestRound: Story = {
  name: 'One round: form + URL + sampling + roots',
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('group', { name: 'The server is waiting for 4 answers (0 of 4 given).' })).toBeInTheDocument()
    await partsLoaded(canvasElement)
    await expect(cardClasses(canvasElement)).toEqual(['mcp-elicit-form', 'mcp-elicit-url', 'mcp-elicit-approval', 'mcp-elicit-approval'])
  },
}

export const AnsweringOneByOne: Story = {
  name: 'One round: first answer given',
  play: async ({ canvasElement, args }) => {
    await formReady(canvasElement)
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByRole('textbox', { name: /^City/ }), 'Lyon')
    await userEvent.click(within(canvas.getByRole('group', { name: 'Where should we ship?' })).getByRole('button', { name: 'Accept' }))
    await expect(await canvas.findByRole('group', { name: /1 of 4 given/ })).toBeInTheDocument()
    await expect(args.respond).toHaveBeenCalledWith('address', { action: 'accept', content: { city: 'Lyon', express: false } })
  },
}

export const OfficialExampleRound: Story = {
  name: 'Official example: elicitation + sampling',
  args: { inputs: officialRound },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    await partsLoaded(canvasElement)
    await expect(cardClasses(canvasElement)).toEqual(['mcp-elicit-form', 'mcp-elicit-approval'])
  },
}

export const PartlyAnsweredByHost: Story = {
  name: 'Roots answered by the host, the rest asked',
  args: { inputs: roundInputs.map((input) => (input.method === 'roots/list' ? { ...input, answered: true, response: { roots } } : input)) },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    await expect(within(canvasElement).getByRole('group', { name: /\(1 of 4 given\)/ })).toBeInTheDocument()
  },
}

export const StartsFromEarlierAnswers: Story = {
  name: 'Retry after a failure: starts from earlier answers',
  args: { initialAnswers: { address: { action: 'accept', content: { city: 'Nantes', express: true } } } },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    await expect(within(canvasElement).getByRole('textbox', { name: /^City/ })).toHaveValue('Nantes')
  },
}

export const UnknownMethod: Story = {
  name: 'A request this UI does not know',
  args: { inputs: [{ ...roundInputs[0]!, key: 'future', method: 'tasks/approve', params: { task: 'deploy' } }] },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    await expect(within(canvasElement).getByText(/does not understand \(tasks\/approve\)/)).toBeInTheDocument()
  },
}

export const CspFallbackNoEval: Story = {
  name: "CSP fallback: a page without 'unsafe-eval' (no-eval validator)",
  args: { validator: noEvalValidator },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    await expect(canvasElement.querySelector('.mcp-elicit-form')).toHaveAttribute('data-validator', 'no-eval')
  },
}

/** Every input of the recorded round, asked by a server whose `serverInfo` fields are not text, plus a method that is not either. */
const unprintableRound = (): PendingInput[] => [
  ...roundInputs.map((input) => ({ ...input, server: { name: unprintable(), title: unprintable(), version: unprintable() } as unknown as PendingInput['server'] })),
  { ...roundInputs[0]!, key: 'odd', method: unprintable() as unknown as string, params: {} },
]

export const UnprintableServerValues: Story = {
  name: 'Hostile: serverInfo and method that are not text ({"toString":1})',
  // Built in render, not passed as args, so only the components meet these values.
  render: (args) => <Round {...args} inputs={unprintableRound()} />,
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    const canvas = within(canvasElement)
    await partsLoaded(canvasElement)
    await expect(canvasElement.querySelectorAll('.mcp-elicit-fallback')).toHaveLength(0)
    await expect(canvasElement.querySelector('.mcp-elicit-server')).toHaveTextContent('Asked by {"toString":1} {"toString":1} (mcp.shop.example)')
    await expect(canvas.getByText(/does not understand \(\{"toString":1\}\)/)).toBeInTheDocument()
  },
}

export const NeedsAuth: Story = {
  name: 'The call waits for a sign-in (needs_auth)',
  // `auth` as `useMcpTool(…).auth` gives it: the pending sign-in with its state and actions.
  args: { status: 'needs_auth', auth: { pending: pendingSignIn({ stepUp: true, scopes: ['bookings:write'] }), signIn: fn(), redirect: fn(), cancel: fn() }, server },
  play: async ({ canvasElement, args }) => {
    await formReady(canvasElement)
    const canvas = within(canvasElement)
    await expect(canvasElement.querySelector('.mcp-elicit-panel')).toHaveAttribute('data-state', 'needs_auth')
    await partsLoaded(canvasElement)
    await expect(canvas.queryByRole('group', { name: /answers? to continue/ })).toBeNull()
    await userEvent.click(within(canvas.getByRole('group', { name: 'More access needed' })).getByRole('button', { name: 'Cancel' }))
    await expect((args.auth as SignInCardAuth).cancel).toHaveBeenCalledTimes(1)
  },
}

export const DarkTheme: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    await expect(canvasElement.querySelector('[data-theme="dark"] .mcp-elicit-panel')).not.toBeNull()
    // So the axe check after the play function sees the whole round in the dark theme.
    await partsLoaded(canvasElement)
  },
}
