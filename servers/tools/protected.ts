/**
 * The protected server's tools (`servers/bearer-mcp-server.ts`): `ask_color`
 * (one elicitation round carried by signed requestState, then completes),
 * `account_wizard` (three rounds: workspace, plan, confirm; the signed
 * requestState is bound to the signed-in subject), `whoami` (who the token
 * is for, its scopes), `read_notes`, `write_note`, `admin_reset` (no input;
 * they differ only in the scopes the gate asks for).
 *
 * Runs under Node 22 type stripping: no enums, no namespaces, no parameter
 * properties, `import type` for types, `.ts` on relative imports.
 */
import { randomUUID } from 'node:crypto'

import { ProtocolError, ProtocolErrorCode, inputRequired, inputResponse } from '@modelcontextprotocol/server'
import type { McpServer } from '@modelcontextprotocol/server'
import type { JWTPayload } from 'jose'

import { stateReader, text } from '../kit.ts'

export type ProtectedState =
  | { tool: 'ask_color'; nonce: string }
  | { tool: 'account_wizard'; step: 1 | 2 | 3; sub: string | undefined; workspace?: string; plan?: string }

/** The verified claims of the access token a request carried. */
export type TokenClaims = JWTPayload & { scope?: string; client_id?: string }

export interface ProtectedTools {
  mint(state: ProtectedState): Promise<string>
  /** The claims of the request being served (undefined on an unprotected request). */
  claims(): TokenClaims | undefined
  /** What `ask_color` got, per completed call. */
  completed: Array<{ color: unknown; nonce: string }>
  /** What `account_wizard` finished with, per completed call. */
  wizards: Array<{ sub: string | undefined; workspace: string; plan: string; confirm: boolean }>
}

const stateOf = stateReader<ProtectedState>()

const PLANS = [
  { const: 'hobby', title: 'Hobby (free)' },
  { const: 'team', title: 'Team' },
  { const: 'enterprise', title: 'Enterprise' },
]

export function registerProtectedTools(server: McpServer, { mint, claims: claimsOf, completed, wizards }: ProtectedTools): void {
  server.registerTool('ask_color', { description: 'One elicitation round (with requestState), then completes.' }, async (ctx) => {
    const state = stateOf(ctx, 'ask_color')
    const answer = inputResponse(ctx.mcpReq.inputResponses, 'color')
    if (state === undefined || answer.kind !== 'elicit') {
      return inputRequired({
        inputRequests: {
          color: inputRequired.elicit({
            message: 'Pick a colour',
            requestedSchema: { type: 'object', properties: { color: { type: 'string', enum: ['red', 'green', 'blue'] } }, required: ['color'] },
          }),
        },
        requestState: await mint({ tool: 'ask_color', nonce: state?.nonce ?? randomUUID() }),
      })
    }
    const color = answer.action === 'accept' ? answer.content?.color : answer.action
    completed.push({ color, nonce: state.nonce })
    return text(`colour ${String(color)}`)
  })
  server.registerTool(
    'account_wizard',
    { title: 'Account wizard', description: 'Three rounds (workspace, plan, confirm) behind sign-in; creating the workspace needs mcp:write (a step-up mid-call); the signed requestState is bound to who is signed in.' },
    async (ctx) => {
      const claims = claimsOf()
      const sub = claims?.sub
      const raw = stateOf(ctx, 'account_wizard')
      if (raw !== undefined && raw.sub !== sub) throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'requestState belongs to another signed-in user')
      const who = sub ?? 'nobody'
      const askWorkspace = async () =>
        inputRequired({
          inputRequests: {
            workspace: inputRequired.elicit({
              message: `Step 1 of 3: name your workspace (signed in as ${who}).`,
              requestedSchema: {
                type: 'object',
                properties: { workspace: { type: 'string', title: 'Workspace name', minLength: 2, maxLength: 40, default: 'my-workspace' } },
                required: ['workspace'],
              },
            }),
          },
          requestState: await mint({ tool: 'account_wizard', step: 1, sub }),
        })
      const askPlan = async (workspace: string) =>
        inputRequired({
          inputRequests: {
            plan: inputRequired.elicit({
              message: `Step 2 of 3: which plan for ${workspace}?`,
              requestedSchema: { type: 'object', properties: { plan: { type: 'string', title: 'Plan', oneOf: PLANS, default: 'team' } }, required: ['plan'] },
            }),
          },
          requestState: await mint({ tool: 'account_wizard', step: 2, sub, workspace }),
        })
      const askConfirm = async (workspace: string, plan: string) =>
        inputRequired({
          inputRequests: {
            confirm: inputRequired.elicit({
              message: `Step 3 of 3: create ${workspace} on the ${plan} plan for ${who}?`,
              requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean', title: 'Create the workspace', default: true } }, required: ['confirm'] },
            }),
          },
          requestState: await mint({ tool: 'account_wizard', step: 3, sub, workspace, plan }),
        })
      const stopped = (step: string, action: string) => text(`account_wizard: stopped at ${step} (${action})`)
      if (raw === undefined) return askWorkspace()
      if (raw.step === 1) {
        const view = inputResponse(ctx.mcpReq.inputResponses, 'workspace')
        if (view.kind !== 'elicit') return askWorkspace()
        if (view.action !== 'accept') return stopped('workspace', view.action)
        return askPlan(String(view.content?.workspace))
      }
      const workspace = raw.workspace ?? ''
      if (raw.step === 2) {
        const view = inputResponse(ctx.mcpReq.inputResponses, 'plan')
        if (view.kind !== 'elicit') return askPlan(workspace)
        if (view.action !== 'accept') return stopped('plan', view.action)
        return askConfirm(workspace, String(view.content?.plan))
      }
      const plan = raw.plan ?? ''
      const view = inputResponse(ctx.mcpReq.inputResponses, 'confirm')
      if (view.kind !== 'elicit') return askConfirm(workspace, plan)
      if (view.action !== 'accept') return stopped('confirm', view.action)
      const confirm = view.content?.confirm === true
      wizards.push({ sub, workspace, plan, confirm })
      return text(`account_wizard: ${confirm ? 'created' : 'not created'} workspace ${JSON.stringify(workspace)} on plan ${plan} for ${who}`)
    },
  )
  server.registerTool('whoami', { title: 'Who am I', description: 'Who the access token is for, and its scopes.' }, async () => {
    const claims = claimsOf()
    return text(`whoami: ${claims?.sub ?? 'nobody'} (scope ${claims?.scope ?? 'none'}; issuer ${claims?.iss ?? 'none'})`)
  })
  server.registerTool('read_notes', { description: 'Needs the base scope.' }, async () => text('notes: none yet'))
  server.registerTool('write_note', { description: 'Needs mcp:write.' }, async () => text('note written'))
  server.registerTool('admin_reset', { description: 'Needs mcp:admin.' }, async () => text('reset done'))
}
