/**
 * Every text the form components show, in English. Pass a partial object as
 * the `messages` prop of any component to translate or reword; missing keys
 * fall back to these defaults. Texts that embed a value are functions. What a
 * function returns is rendered as text, never as HTML.
 *
 * @example
 * <ElicitationForm messages={{ accept: 'Senden', decline: 'Ablehnen' }} … />
 */
import type { FileProblem } from './file-data-uri.js'
import type { UrlAnalysis, UrlRefusal, UrlWarning } from './url-safety.js'

/** Who asks, as shown on every card. */
export interface AskingServer {
  name: string
  version?: string
  title?: string
}

export interface Messages {
  /** Accept button of forms (the URL card's main actions are Open and Done). @defaultValue `'Accept'` */
  accept: string
  /** Decline button: an explicit no. @defaultValue `'Decline'` */
  decline: string
  /** Cancel button of the sign-in card: gives the sign-in (and the call) up. @defaultValue `'Cancel'` */
  cancel: string
  /**
   * Dismisses one question without answering it (`{action:'cancel'}`) on
   * every question card (form, URL, fallback); the call goes on. Not the
   * call's Stop ({@link Messages.stopCall}). @defaultValue `'Skip question'`
   */
  skipQuestion: string
  /**
   * The line naming the server that asks. `host` is the endpoint's host, when
   * known. The server's fields and the host arrive wrapped in invisible
   * markers: embed them as they are (concatenate, don't slice) and the
   * component shows each in its own bidi-isolated element.
   */
  askedBy: (server: AskingServer | undefined, host: string | undefined) => string
  /** Lifts the clamp of a very long server name. @defaultValue `'Show all'` */
  showAll: string
  /** Clamps it again. @defaultValue `'Show less'` */
  showLess: string
  /** Marks a required field next to its label (hidden from screen readers, which read `required`). @defaultValue `'*'` */
  requiredMark: string
  /** Announced when Accept finds invalid answers. */
  errorSummary: (count: number) => string
  /**
   * One validation error in plain words, shown under the field and in the
   * error summary. `keyword` is the JSON Schema keyword that failed
   * (`required`, `format`, `minLength`, `maximum`, `enum`, `minItems`,
   * `pattern`, `type`, …), `params` the validator's (`limit`, `format`, …),
   * `fieldLabel` the field's title (or a label made from its name), and
   * `field` what kind of input it is.
   */
  validation: (keyword: string, params: Readonly<Record<string, unknown>>, fieldLabel: string, field: ValidationField) => string
  /** An entry of the error summary, linking to its field. */
  errorSummaryItem: (fieldLabel: string, message: string) => string
  /** Heading of the list of schema parts that cannot be shown. */
  unsupportedHeading: string
  /** One entry of that list; `field` is null for the schema as a whole. */
  unsupportedItem: (field: string | null, reason: string) => string
  /** Why Accept is disabled when a required part cannot be shown. */
  unsupportedBlocksAccept: string
  /** Shown after the answer was sent. @defaultValue `'Answer sent.'` */
  answered: string
  /** Under a date-time field: the offset the chosen time is sent with. */
  timeZoneNote: (offset: string) => string

  /** Label of the full address on a URL card. @defaultValue `'Address'` */
  urlLabel: string
  /** Label of the highlighted host on a URL card. @defaultValue `'Site'` */
  hostLabel: string
  /** The Open button. */
  open: (host: string) => string
  /** The Open button once the page was opened (no longer the main action). @defaultValue `'Open again'` */
  openAgain: string
  /** After opening: accept and continue. @defaultValue `'Done, continue'` */
  doneContinue: string
  /** Shown when no window handle came back (a pop-up blocker, or `noopener`). */
  popupMaybeBlocked: string
  /** Copy-to-clipboard button for the address. @defaultValue `'Copy address'` */
  copy: string
  /** Shown after copying. @defaultValue `'Copied.'` */
  copied: string
  /** Why a URL cannot be opened. */
  urlRefused: (reason: UrlRefusal, analysis: UrlAnalysis) => string
  /** One warning about a URL. */
  urlWarning: (warning: UrlWarning, analysis: UrlAnalysis) => string
  /** Heading above the warnings. @defaultValue `'Check this address before opening it:'` */
  urlWarningsHeading: string

  /** Title of a sampling approval card. */
  samplingTitle: string
  /** Title of a roots approval card. */
  rootsTitle: string
  /** Approve button of approval cards. @defaultValue `'Approve'` */
  approve: string
  /** Sends a generated sampling answer after review. @defaultValue `'Send'` */
  send: string
  /** While the app generates the sampling answer. @defaultValue `'Generating…'` */
  generating: string
  /** Heading of the generated answer awaiting review. */
  generatedHeading: string
  /** When the app's sampling function failed. */
  samplingFailed: (reason: string) => string
  /** When the app cannot answer (no function given): only Decline is offered. */
  cannotApprove: string
  /** A message content block that is not text. */
  nonTextContent: (type: string) => string
  /** Speaker of a sampling message. */
  role: (role: string) => string
  /** Label of the system prompt of a sampling request. @defaultValue `'Instructions'` */
  systemPrompt: string
  /** Label of the roots to be shared. @defaultValue `'Folders to share:'` */
  rootsToShare: string
  /** A request of a kind these components do not know. */
  unknownRequest: (method: string) => string
  /** In place of a card that failed to render; its Decline (and Cancel) still answer. */
  cardFailed: string

  /** Heading of a round of questions. */
  roundHeading: (pending: number, total: number) => string
  /** Status under that heading while the server waits for the person, so the call is not taken for stuck. */
  waitingForYou: string

  /** Run button of the tool call. */
  run: (tool: string) => string
  /** While the call runs. @defaultValue `'Working…'` */
  running: string
  /** While the answers are sent back. @defaultValue `'Sending your answers…'` */
  retrying: string
  /** Progress label when the total is known. */
  progress: (progress: number, total: number | undefined) => string
  /** Heading of the result. @defaultValue `'Result'` */
  resultHeading: string
  /** The result had `isError: true`. @defaultValue `'The tool reported an error:'` */
  resultIsError: string
  /** In place of a result that failed to render. */
  resultFailed: string
  /** Heading of a failed call. @defaultValue `'The call failed.'` */
  errorHeading: string
  /** Aborts a whole call in flight (not one question). @defaultValue `'Stop'` */
  stopCall: string
  /** MCP Apps: what the URL consent card says of a link an app asks to open. @defaultValue `'The app asks to open this page.'` */
  appOpensLink: string
  /** MCP Apps: switches a question an app draws (SEP-3118) to the native form. @defaultValue `'Use the plain form instead'` */
  appUseNativeForm: string
  /** Shown after the call was cancelled. @defaultValue `'Cancelled.'` */
  cancelled: string
  /** Runs the call again. @defaultValue `'Try again'` */
  retry: string
  /** Back to the start. @defaultValue `'Start over'` */
  reset: string
  /**
   * The status line of a call the server runs as a task (tasks extension),
   * while it runs and above its questions; the task's own status message
   * follows it as text. @defaultValue `'Running in the background'`
   */
  taskRunning: string

  /** Title of the sign-in card. @defaultValue `'Sign in to continue'` */
  signInTitle: string
  /** Its title for a step-up (signed in, more access asked). @defaultValue `'More access needed'` */
  signInStepUpTitle: string
  /** A step-up: what is asked, above the scopes. */
  signInStepUp: string
  /** Label of the MCP server's host. @defaultValue `'Server'` */
  signInServerLabel: string
  /** Label of the authorization server's host: where the person signs in. @defaultValue `'Sign in at'` */
  signInIssuerLabel: string
  /** Heading of the access asked for. @defaultValue `'It asks for:'` */
  signInScopesHeading: string
  /**
   * One scope in plain words. `name` is the server's scope string (bidi
   * controls removed); the default words a few well-known ones and shows
   * any other as it is.
   */
  scope: (name: string) => string
  /** After the first scopes of a very long list. */
  moreScopes: (count: number) => string
  /** When the server names no scope. */
  signInNoScopes: string
  /** The Sign in button. @defaultValue `'Sign in'` */
  signInButton: string
  /** The Sign in button while the window is open (opens or focuses it again). @defaultValue `'Open sign-in again'` */
  signInReopen: string
  /** Announced while the window is open. */
  signInOpened: string
  /**
   * The sign-in window closed (or the sign-in service cut it off from this
   * page) before the sign-in came back: it may still complete by itself;
   * "Open sign-in again" and Cancel are offered.
   */
  signInWindowClosed: string
  /** The sign-in service cannot bind the sign-in to this browser (DPoP): its tokens are ordinary bearer tokens. */
  signInDpopUnsupported: string
  /** When the browser blocked the window: what "Continue in this tab" does. */
  signInPopupBlocked: string
  /** Signs in in this tab instead of a window. @defaultValue `'Continue in this tab'` */
  signInRedirect: string
  /** After the sign-in was given up. @defaultValue `'Sign-in cancelled.'` */
  signInCancelled: string
  /**
   * A request of the sign-in was blocked before it reached the server (in a
   * browser, CORS): `endpoint` is the URL, `header` what the server must
   * send, when known. Both arrive marked for isolation, like `askedBy`'s.
   */
  signInBlocked: (endpoint: string, header: string | undefined) => string
  /** Any other sign-in failure, by `McpAuthError` code (`AUTH_…`). */
  signInFailed: (code: string) => string
  /** What the authorization server said (`error_description`), marked for isolation. */
  signInErrorDetail: (description: string) => string

  /** Label of a tool's structured result (the tree). @defaultValue `'Structured result'` */
  resultTreeLabel: string
  /** A collapsed object in the result tree. */
  resultTreeKeys: (count: number) => string
  /** A collapsed array in the result tree. */
  resultTreeItems: (count: number) => string
  /** Pages further into a long object or array of the tree. */
  resultTreeMore: (shown: number, total: number) => string
  /** A long string in the tree, shown cut until expanded. */
  resultTreeLongText: (length: number) => string
  /** Disclosure of the bounded JSON text of a structured result. @defaultValue `'As JSON'` */
  resultRawJson: string
  /** Text alternative of an image a tool returned. */
  resultImageAlt: (mimeType: string) => string
  /** Accessible name of an audio clip a tool returned. */
  resultAudioLabel: (mimeType: string) => string
  /** In place of an image or audio clip whose type is not allowed (SVG, anything scriptable, unknown). */
  resultMediaRefused: (kind: string, mimeType: string) => string
  /** In place of an image or audio clip over the size limit. */
  resultMediaTooLarge: (kind: string, bytes: number, limit: number) => string
  /** In place of an image or audio clip whose data is not base64. */
  resultMediaInvalid: (kind: string) => string
  /** In place of an image whose header declares more pixels than the limit (`maxImagePixels`). */
  resultImageTooManyPixels: (width: number, height: number, limit: number) => string
  /** File fields (SEP-2356 `x-mcp-file`, experimental): files may be dropped on the field too (`multiple`: it takes several). */
  fileDrop: (multiple: boolean) => string
  /** What the field takes, in words: the accepted types (`accept` as the server gave them, empty for any) and the size limit. */
  fileLimits: (accept: readonly string[], maxBytes: number, multiple: boolean) => string
  /** A chosen file: its name (empty when not known, e.g. after a reload), media type and size. */
  fileChosen: (name: string, mediaType: string, bytes: number) => string
  /** The button that removes a chosen file. */
  fileRemove: (name: string) => string
  /** Text alternative of a chosen image's preview. */
  filePreviewAlt: (name: string) => string
  /** While a file is read. */
  fileReading: (name: string) => string
  /** A file refused before it was read (too large, a type not accepted), or one that could not be read (`problem` undefined). */
  fileRefused: (name: string, problem: FileProblem | undefined) => string
  /** More files than the field takes were chosen. */
  fileTooMany: (max: number) => string
  /** After a reload: files that were too large to keep in round storage must be chosen again. */
  fileNotKept: (count: number) => string
  /** Label of a resource's address (`resource_link`, embedded `resource`). @defaultValue `'Resource'` */
  resultResourceLabel: string
  /** Binary resource content, not shown. */
  resultResourceBlob: (mimeType: string, bytes: number) => string
  /** A resource address that is not a web address: shown as text, never opened. */
  resultResourceNotWeb: string
}

/** What kind of field a validation message is about. */
export interface ValidationField {
  /** `choice` (one of a list), `choices` (multi-select), `boolean` (a checkbox), `number`, `integer`, `text` or `file` (one or more, SEP-2356 `x-mcp-file`). */
  kind: 'text' | 'number' | 'integer' | 'boolean' | 'choice' | 'choices' | 'file'
  /** The field's `format` (`email`, `uri`, `date`, `date-time`), when it has one. */
  format?: string | undefined
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many)

/** The default {@link Messages.validation}. */
function validationMessage(keyword: string, params: Readonly<Record<string, unknown>>, fieldLabel: string, field: ValidationField): string {
  const limit = typeof params.limit === 'number' ? params.limit : Number(params.limit)
  const format = typeof params.format === 'string' ? params.format : field.format
  const choosing = field.kind === 'choice' || field.kind === 'choices' || field.kind === 'boolean' || field.kind === 'file'
  if (field.kind === 'file' && keyword === 'minItems') return `Choose at least ${limit} ${plural(limit, 'file', 'files')}`
  if (field.kind === 'file' && keyword === 'maxItems') return `Choose at most ${limit} ${plural(limit, 'file', 'files')}`
  switch (keyword) {
    case 'required':
      return choosing ? `Choose ${fieldLabel}` : `Enter ${fieldLabel}`
    case 'format':
      switch (format) {
        case 'email':
          return 'Enter an email address'
        case 'uri':
          return 'Enter a web address (https://…)'
        case 'date':
          return 'Enter a date'
        case 'date-time':
          return 'Enter a date and time'
        default:
          return 'Use the expected format'
      }
    case 'minLength':
      return `At least ${limit} ${plural(limit, 'character', 'characters')}`
    case 'maxLength':
      return `At most ${limit} ${plural(limit, 'character', 'characters')}`
    case 'minimum':
      return `${limit} or more`
    case 'maximum':
      return `${limit} or less`
    case 'exclusiveMinimum':
      return `More than ${limit}`
    case 'exclusiveMaximum':
      return `Less than ${limit}`
    case 'multipleOf':
      return `Use a multiple of ${params.multipleOf}`
    case 'minItems':
      return `Choose at least ${limit}`
    case 'maxItems':
      return `Choose at most ${limit}`
    case 'uniqueItems':
      return 'Choose each option only once'
    case 'enum':
    case 'oneOf':
    case 'anyOf':
    case 'const':
      return 'Choose one of the options'
    case 'pattern':
      return 'Use the expected format'
    case 'x-mcp-file': {
      const words = fileProblem(params as FileProblem)
      return words.charAt(0).toUpperCase() + words.slice(1)
    }
    case 'type':
      return field.kind === 'integer' ? 'Enter a whole number' : field.kind === 'number' ? 'Enter a number' : `Check ${fieldLabel}`
    default:
      return `Check ${fieldLabel}`
  }
}

/** The English defaults. */
export const defaultMessages: Messages = {
  accept: 'Accept',
  decline: 'Decline',
  cancel: 'Cancel',
  skipQuestion: 'Skip question',
  askedBy: (server, host) => {
    const who = server ? [server.title ?? server.name, server.version].filter(Boolean).join(' ') : undefined
    if (who && host) return `Asked by ${who} (${host})`
    if (who) return `Asked by ${who}`
    if (host) return `Asked by ${host}`
    return 'Asked by the server'
  },
  showAll: 'Show all',
  showLess: 'Show less',
  requiredMark: '*',
  errorSummary: (count) => `${count} ${plural(count, 'answer needs', 'answers need')} attention before sending.`,
  validation: validationMessage,
  errorSummaryItem: (fieldLabel, message) => `${fieldLabel}: ${message}`,
  unsupportedHeading: 'Some parts of this request cannot be shown:',
  unsupportedItem: (field, reason) => (field === null ? reason : `${field}: ${reason}`),
  unsupportedBlocksAccept: 'A required part cannot be shown, so this question can only be declined or skipped.',
  answered: 'Answer sent.',
  timeZoneNote: (offset) => `Your time zone (UTC${offset}) is sent with the time.`,

  urlLabel: 'Address',
  hostLabel: 'Site',
  open: (host) => `Open ${host}`,
  openAgain: 'Open again',
  doneContinue: 'Done, continue',
  popupMaybeBlocked: 'If no new window opened (a pop-up blocker may have stopped it), copy the address and open it yourself:',
  copy: 'Copy address',
  copied: 'Copied.',
  urlRefused: (reason, analysis) =>
    reason === 'scheme'
      ? `This address uses "${analysis.scheme}:", which is not a web address. It will not be opened.`
      : 'This is not a valid web address. It will not be opened.',
  urlWarning: (warning, analysis) => {
    switch (warning) {
      case 'punycode':
        return `The site name is written in encoded international characters (${analysis.hostname}), shown as "${analysis.displayHost}". It may imitate another site.`
      case 'mixed-script':
        return 'The site name mixes letters from different alphabets, a common way to imitate another site.'
      case 'insecure-http':
        return 'The connection is not encrypted (http:). Do not enter passwords or personal data there.'
      case 'credentials':
        return 'The address contains a user name or password before "@". The site that opens is the one highlighted, not what comes before "@".'
      case 'ip-address':
        return 'The site is a bare IP address rather than a name.'
      default: {
        warning satisfies never
        return String(warning)
      }
    }
  },
  urlWarningsHeading: 'Check this address before opening it:',

  samplingTitle: 'The server asks to use your AI model',
  rootsTitle: 'The server asks which folders it may use',
  approve: 'Approve',
  send: 'Send',
  generating: 'Generating…',
  generatedHeading: 'Answer to send:',
  samplingFailed: (reason) => `Could not generate an answer: ${reason}`,
  cannotApprove: 'This app cannot answer this request; you can only decline it.',
  nonTextContent: (type) => `[${type} content not shown]`,
  role: (role) => (role === 'assistant' ? 'Assistant' : role === 'user' ? 'User' : role),
  systemPrompt: 'Instructions',
  rootsToShare: 'Folders to share:',
  unknownRequest: (method) => `The server sent a request this app does not understand (${method}).`,
  cardFailed: 'This request could not be shown. You can still say no to it.',

  roundHeading: (pending, total) =>
    total === 1 ? 'The server needs an answer to continue.' : `The server needs ${total} answers to continue (${total - pending} of ${total} given).`,
  waitingForYou: 'The server is waiting for your answer.',

  run: (tool) => `Run ${tool}`,
  running: 'Working…',
  retrying: 'Sending your answers…',
  progress: (progress, total) => (total === undefined ? `${progress} done` : `${progress} of ${total}`),
  resultHeading: 'Result',
  resultIsError: 'The tool reported an error:',
  resultFailed: 'This result could not be shown.',
  errorHeading: 'The call failed.',
  stopCall: 'Stop',
  appOpensLink: 'The app asks to open this page.',
  appUseNativeForm: 'Use the plain form instead',
  cancelled: 'Cancelled.',
  retry: 'Try again',
  reset: 'Start over',
  taskRunning: 'Running in the background',

  signInTitle: 'Sign in to continue',
  signInStepUpTitle: 'More access needed',
  signInStepUp: 'You are signed in, but the server now asks for more access.',
  signInServerLabel: 'Server',
  signInIssuerLabel: 'Sign in at',
  signInScopesHeading: 'It asks for:',
  scope: (name) => {
    switch (name) {
      case 'openid':
        return 'Confirm who you are'
      case 'profile':
        return 'See your name and profile'
      case 'email':
        return 'See your email address'
      case 'offline_access':
        return 'Stay signed in while you are away'
      default:
        return name
    }
  },
  moreScopes: (count) => `and ${count} more`,
  signInNoScopes: 'It names no particular access; the sign-in page shows what you allow.',
  signInButton: 'Sign in',
  signInReopen: 'Open sign-in again',
  signInOpened: 'Finish signing in in the window that opened. This page continues by itself afterwards.',
  signInWindowClosed: 'The sign-in window closed. If you finished signing in there, this page continues by itself; otherwise open it again or cancel.',
  signInDpopUnsupported: 'This server cannot bind the sign-in to this browser (DPoP), so its tokens are ordinary bearer tokens.',
  signInPopupBlocked: 'The browser blocked the sign-in window. You can sign in in this tab instead: it goes to the sign-in page and comes back here.',
  signInRedirect: 'Continue in this tab',
  signInCancelled: 'Sign-in cancelled.',
  signInBlocked: (endpoint, header) =>
    header
      ? `Signing in was blocked: ${endpoint} does not allow this page to read its answers. That server must send ${header}.`
      : `Signing in was blocked: ${endpoint} does not allow this page to read its answers (check its CORS settings).`,
  signInFailed: (code) => {
    switch (code) {
      case 'AUTH_DISCOVERY_FAILED':
        return 'This server’s sign-in settings could not be found.'
      case 'AUTH_PKCE_UNSUPPORTED':
        return 'The sign-in service does not support the secure sign-in (PKCE) this app requires.'
      case 'AUTH_REGISTRATION_FAILED':
        return 'This app could not register with the sign-in service.'
      case 'AUTH_ACCESS_DENIED':
        return 'Access was not granted.'
      case 'AUTH_STATE_MISMATCH':
        return 'The sign-in answer did not belong to this sign-in, so it was ignored.'
      case 'AUTH_ISSUER_MISMATCH':
        return 'The sign-in service did not identify itself as expected, so signing in was stopped.'
      case 'AUTH_TOKEN_FAILED':
        return 'The sign-in service did not complete the sign-in.'
      case 'AUTH_STORAGE_FAILED':
        return 'Your sign-in could not be kept in this browser.'
      case 'AUTH_INSUFFICIENT_SCOPE':
        return 'The server still asks for more access than was granted.'
      case 'AUTH_INSECURE_ENDPOINT':
        return 'Signing in was stopped: the connection would not be encrypted.'
      default:
        return 'Signing in failed.'
    }
  },
  signInErrorDetail: (description) => `The sign-in service said: ${description}`,

  resultTreeLabel: 'Structured result',
  resultTreeKeys: (count) => `${count} ${plural(count, 'key', 'keys')}`,
  resultTreeItems: (count) => `${count} ${plural(count, 'item', 'items')}`,
  resultTreeMore: (shown, total) => `Show more (${shown} of ${total} shown)`,
  resultTreeLongText: (length) => `${length} characters; expand to read all`,
  resultRawJson: 'As JSON',
  resultImageAlt: (mimeType) => `Image returned by the tool (${mimeType})`,
  resultAudioLabel: (mimeType) => `Audio returned by the tool (${mimeType})`,
  resultMediaRefused: (kind, mimeType) => `[${kind} of type "${mimeType}" not shown: only common image and audio formats are shown]`,
  resultMediaTooLarge: (kind, bytes, limit) => `[${kind} not shown: ${formatBytes(bytes)}, over the limit of ${formatBytes(limit)}]`,
  resultMediaInvalid: (kind) => `[${kind} not shown: its data is not valid base64]`,
  resultImageTooManyPixels: (width, height, limit) => `[image not shown: it declares ${formatCount(width)} × ${formatCount(height)} pixels, over the limit of ${formatMegapixels(limit)}]`,
  fileDrop: (multiple) => (multiple ? 'or drop them here' : 'or drop it here'),
  fileLimits: (accept, maxBytes, multiple) =>
    `${accept.length > 0 ? `Accepted: ${accept.join(', ')}.` : 'Any type of file.'} Up to ${formatBytes(maxBytes)}${multiple ? ' each' : ''}.`,
  fileChosen: (name, mediaType, bytes) => `${name || 'Chosen file'} (${mediaType}, ${formatBytes(bytes)})`,
  fileRemove: (name) => `Remove ${name || 'the file'}`,
  filePreviewAlt: (name) => `Preview of ${name || 'the chosen image'}`,
  fileReading: (name) => `Reading ${name}…`,
  fileRefused: (name, problem) => `${name}: ${problem ? fileProblem(problem) : 'it could not be read'}. Nothing was sent.`,
  fileTooMany: (max) => `Choose at most ${max} ${plural(max, 'file', 'files')}`,
  fileNotKept: (count) =>
    `${count === 1 ? 'A file chosen before the page reloaded was' : `${count} files chosen before the page reloaded were`} too large to keep in this tab: choose ${plural(count, 'it', 'them')} again.`,
  resultResourceLabel: 'Resource',
  resultResourceBlob: (mimeType, bytes) => `[binary content${mimeType ? ` (${mimeType})` : ''}, ${formatBytes(bytes)}, not shown]`,
  resultResourceNotWeb: 'Not a web address: shown as text, not opened.',
}

/** A refused file in words (the default `validation` of `x-mcp-file`, and `fileRefused`). */
function fileProblem(problem: FileProblem): string {
  switch (problem.reason) {
    case 'size':
      return `the file is ${formatBytes(problem.bytes)}, over the limit of ${formatBytes(problem.limit)}`
    case 'type':
      return `files of type ${problem.mediaType || 'unknown'} are not accepted here (accepted: ${problem.accept.join(', ')})`
    default:
      return 'this is not a file the form can send; choose the file again'
  }
}

/** A byte count for people: `512 bytes`, `12.3 KB`, `5 MB`. */
function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${plural(bytes, 'byte', 'bytes')}`
  const kb = bytes / 1024
  if (kb < 1024) return `${Number(kb.toFixed(1))} KB`
  return `${Number((kb / 1024).toFixed(1))} MB`
}

/** A whole number with thousands separators, the same on every machine: `100,000`. */
function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/** A pixel limit for people: `50 megapixels`, `1 megapixel`, `2.5 megapixels`, `640 pixels`. */
function formatMegapixels(pixels: number): string {
  if (pixels < 1_000_000) return `${formatCount(pixels)} ${plural(pixels, 'pixel', 'pixels')}`
  const megapixels = Number((pixels / 1_000_000).toFixed(1))
  return `${megapixels} ${plural(megapixels, 'megapixel', 'megapixels')}`
}

/** The defaults with the given replacements on top. */
export function resolveMessages(messages: Partial<Messages> | undefined): Messages {
  return messages ? { ...defaultMessages, ...messages } : defaultMessages
}
