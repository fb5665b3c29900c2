/**
 * What a round panel (`round-panel.tsx`) shows: the form, and the cards
 * loaded when first shown (`lazy-parts.tsx`). Given to the panel by the
 * module that renders it, so the panel's own chunk (`lazy-round-panel.tsx`)
 * imports none of them.
 */
import { ElicitationForm } from './ElicitationForm.js'
import { LazyApprovalCard, LazySignInCard, LazyUrlElicitation } from './lazy-parts.js'

export const roundParts = { ElicitationForm, UrlElicitation: LazyUrlElicitation, ApprovalCard: LazyApprovalCard, SignInCard: LazySignInCard }

export type RoundParts = typeof roundParts
