/**
 * File fields (SEP-2356 `x-mcp-file`, experimental): empty, chosen (with a
 * data: preview), too large, of a type not accepted, several files, a file a
 * reload could not keep, and the same field through the shadcn theme. The
 * Chromium sweep (e2e/stories.spec.ts) runs axe on each.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { Theme } from '@rjsf/shadcn'
import '@rjsf/shadcn/dist/default.css'
import { ElicitationForm, type ElicitationFormTheme } from '../src/forms/index'
import { formReady } from './form-ready'
import { endpoint, formRequest, server } from './recorded'

/** SEP-2356's 1×1 PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNkYGBgAAAABQABWaDDsAAAAABJRU5ErkJggg=='
const PNG_BYTES = Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0))
/** The PNG, with `padding` zero bytes after its end (still a PNG to a browser). */
const png = (name = 'receipt.png', padding = 0) => new File([PNG_BYTES, new Uint8Array(padding)], name, { type: 'image/png' })

/** The SEP's own elicitation example: a profile photo, any image up to 2 MiB. */
const photo = { type: 'string', format: 'uri', title: 'Profile photo', description: 'A square picture works best.', 'x-mcp-file': { accept: ['image/*'], maxSize: 2097152 } }
const photoRequest = formRequest('Please select a profile photo.', { photo }, ['photo'])
const small = { type: 'string', format: 'uri', title: 'Receipt', 'x-mcp-file': { accept: ['image/png', 'application/pdf'], maxSize: 50 } }
const receipts = {
  type: 'array',
  title: 'Receipts',
  description: 'Up to three PNG scans.',
  items: { type: 'string', format: 'uri', 'x-mcp-file': { accept: ['image/png'], maxSize: 100_000 } },
  maxItems: 3,
}

const meta = {
  title: 'Forms/File input (experimental)',
  component: ElicitationForm,
  args: { onRespond: fn(), server, url: endpoint, request: photoRequest },
  parameters: { rootClass: 'mcp-elicit-form' },
} satisfies Meta<typeof ElicitationForm>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    const input = within(canvasElement).getByLabelText(/^Profile photo/) as HTMLInputElement
    await expect([input.type, input.accept, input.multiple, input.required]).toEqual(['file', 'image/*', false, true])
    await expect(canvasElement.textContent).toContain('Accepted: image/*. Up to 2 MB.')
  },
}

export const Chosen: Story = {
  play: async ({ canvasElement, args }) => {
    await formReady(canvasElement)
    const canvas = within(canvasElement)
    await userEvent.upload(canvas.getByLabelText(/^Profile photo/), png('me.png'))
    await waitFor(() => expect(canvas.getByText('me.png (image/png, 70 bytes)')).toBeTruthy())
    await expect(canvas.getByRole('img', { name: 'Preview of me.png' }).getAttribute('src')).toBe(`data:image/png;base64,${PNG_BASE64}`)
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }))
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'accept', content: { photo: `data:image/png;base64,${PNG_BASE64}` } })
  },
}

export const TooLarge: Story = {
  args: { request: formRequest('Attach the receipt.', { receipt: small }) },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    const canvas = within(canvasElement)
    await userEvent.upload(canvas.getByLabelText('Receipt'), png())
    await waitFor(() => expect(canvas.getByText('receipt.png: the file is 70 bytes, over the limit of 50 bytes. Nothing was sent.')).toBeTruthy())
    await expect(canvasElement.querySelector('.mcp-elicit-file-item')).toBeNull()
  },
}

export const WrongType: Story = {
  args: { request: formRequest('Attach the receipt.', { receipt: { ...small, 'x-mcp-file': { accept: ['application/pdf'] } } }) },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    const canvas = within(canvasElement)
    // Past the picker's filter (applyAccept off), as a person can pick "All files".
    await userEvent.setup({ applyAccept: false }).upload(canvas.getByLabelText('Receipt'), png())
    await waitFor(() => expect(canvas.getByText(/files of type image\/png are not accepted here \(accepted: application\/pdf\)/)).toBeTruthy())
  },
}

export const Multiple: Story = {
  args: { request: formRequest('Attach your receipts.', { receipts }, ['receipts']) },
  play: async ({ canvasElement, args }) => {
    await formReady(canvasElement)
    const canvas = within(canvasElement)
    const input = canvas.getByLabelText(/^Receipts/) as HTMLInputElement
    await expect(input.multiple).toBe(true)
    await userEvent.upload(input, [png('one.png', 1), png('two.png', 2)])
    await waitFor(() => expect(canvasElement.querySelectorAll('.mcp-elicit-file-item')).toHaveLength(2))
    await userEvent.click(canvas.getByRole('button', { name: 'Remove one.png' }))
    await waitFor(() => expect(canvasElement.querySelectorAll('.mcp-elicit-file-item')).toHaveLength(1))
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }))
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'accept', content: { receipts: [`data:image/png;base64,${btoa(String.fromCharCode(...PNG_BYTES, 0, 0))}`] } })
  },
}

export const NotKeptAfterReload: Story = {
  name: 'After a reload: too large to keep',
  args: { initialData: { photo: { fileNotKept: { mediaType: 'image/png', bytes: 1_500_000 } } } },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    await expect(canvasElement.textContent).toContain('A file chosen before the page reloaded was too large to keep in this tab: choose it again.')
  },
}

export const ShadcnTheme: Story = {
  name: 'shadcn theme',
  args: { theme: Theme as ElicitationFormTheme, request: formRequest('Attach your receipts.', { photo, receipts }, ['photo']) },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    const canvas = within(canvasElement)
    await userEvent.upload(canvas.getByLabelText(/^Profile photo/), png('me.png'))
    await waitFor(() => expect(canvas.getByText('me.png (image/png, 70 bytes)')).toBeTruthy())
    await expect((canvas.getByLabelText(/^Receipts/) as HTMLInputElement).multiple).toBe(true)
  },
}
