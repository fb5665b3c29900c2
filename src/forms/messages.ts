/**
 * Every text the form components show. Pass a partial object as the
 * `messages` prop of any component to translate or reword; missing keys fall
 * back to the English defaults (`defaultMessages`). The defaults live with
 * the part that shows them (`texts/`), so a page loads only the texts of the
 * parts it shows; this module holds the types only. Texts that embed a
 * value are functions. What a function returns is rendered as text, never as
 * HTML.
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
  /** In place of the fields when the code of their date-time widget could not be fetched (offline, a new deploy); Decline and Skip question stay. @defaultValue `'The fields of this question could not be loaded.'` */
  fieldsLoadFailed: string
  /** Asks for the fields' code again. @defaultValue `'Try again'` */
  fieldsLoadRetry: string

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

  /**
   * The one line over a round of questions: its heading, and a status saying the server waits for the person
   * (so the call is not taken for stuck), with how many of the answers were given.
   */
  roundHeading: (pending: number, total: number) => string

  /** Run button of the tool call. */
  run: (tool: string) => string
  /**
   * Chat adapters: the card a call the model made waits on (`askBeforeRunning`).
   * `tool` is the tool's title (the server's, marked for isolation: embed it as it is),
   * `host` the MCP endpoint's host when known.
   */
  runAsk: (tool: string, host: string | undefined) => string
  /** Above the arguments the model chose, on that card. @defaultValue `'With:'` */
  runArguments: string
  /**
   * Chat adapters: the heading of a tool part. `tool` is the tool's title (else
   * its name in words; the server's, marked for isolation: embed it as it is),
   * `server` the server's display name (the host's) when the part knows it.
   */
  toolHeading: (tool: string, server: string | undefined) => string
  /** Above a question a server of the set asks outside any call (`McpServerQuestions`); `server` is its display name. */
  serverAsks: (server: string) => string
  /** A part whose server left the set (the model is told too). */
  serverGone: (server: string) => string
  /** A part whose tool its server no longer lists (the model is told too). `tool` is marked for isolation. */
  toolGone: (tool: string, server: string) => string
  /** A restored part whose server's listing is not back yet (assistant-ui): nothing is called, nor told the model, before it is. */
  waitingForListing: (server: string) => string
  /** The folded line of a finished call whose result says it is an error (`isError`); `line` is the result's first line. */
  resultLineError: (line: string) => string
  /** Runs the call the model made. @defaultValue `'Run'` */
  runApprove: string
  /** Refuses it (the model is told). @defaultValue `"Don't run"` */
  runDecline: string
  /** Shown once the person refused it. @defaultValue `'Not run.'` */
  runDeclined: string
  /** While the call runs. @defaultValue `'Working…'` */
  running: string
  /** While the answers are sent back. @defaultValue `'Sending your answers…'` */
  retrying: string
  /** While the call storage is read for this call (`restore`), before anything runs. @defaultValue `'Looking for this call…'` */
  checkingStored: string
  /** Above the Run button when the call storage could not be read: the call may have run already. */
  storedUnreadable: string
  /** Above the Run button when the call was started before (a reload, another tab or device) and never said how it ended. */
  storedUnconfirmed: string
  /** Progress label when the total is known. */
  progress: (progress: number, total: number | undefined) => string
  /** Heading of the result. @defaultValue `'Result'` */
  resultHeading: string
  /** The result had `isError: true`. @defaultValue `'The tool reported an error:'` */
  resultIsError: string
  /** In place of a result that failed to render. */
  resultFailed: string
  /** In place of a round of questions that could not be loaded or drawn, above its Try again. @defaultValue `'The questions could not be shown.'` */
  roundFailed: string
  /** Heading of a failed call. @defaultValue `'The call failed.'` */
  errorHeading: string
  /** Aborts a whole call in flight (not one question). @defaultValue `'Stop'` */
  stopCall: string
  /** MCP Apps: what the URL consent card says of a link an app asks to open. @defaultValue `'The app asks to open this page.'` */
  appOpensLink: string
  /** MCP Apps: the link card's consent; `host` is the page's site (`''` when it has none). @defaultValue `(host) => \`Open link to ${host}\`` */
  appLinkOpen: (host: string) => string
  /** MCP Apps: the link card's refusal (the app is told the link was not opened). @defaultValue `"Don't open"` */
  appLinkDecline: string
  /**
   * MCP Apps: what the download card says when an app asks to save files
   * (`ui/download-file`). `host` is the app's server's host (undefined when
   * unknown), `count` the number of files.
   */
  appDownloadAsks: (host: string | undefined, count: number) => string
  /** MCP Apps: one file on the download card, after its name: its media type and size. */
  appDownloadDetails: (mimeType: string, bytes: number) => string
  /** MCP Apps: the download card's Save button (it saves the files). @defaultValue `'Save'` */
  appDownloadSave: string
  /** MCP Apps: the download card's refusal (the app is told the download was declined). @defaultValue `"Don't save"` */
  appDownloadDecline: string
  /** MCP Apps: switches a question an app draws (SEP-3118) to the native form. @defaultValue `'Use the plain form instead'` */
  appUseNativeForm: string
  /**
   * MCP Apps: the warning under a file on the download card whose name's
   * extension is not what its declared media type is saved as (`extension`
   * without the dot).
   */
  appDownloadTypeMismatch: (extension: string, mimeType: string) => string
  /**
   * MCP Apps: what the message card says when an app asks to send words as
   * the person's own message (`ui/message`). `host` is the app's server's
   * host (undefined when unknown). The message itself follows, as text.
   */
  appMessageAsks: (host: string | undefined) => string
  /** MCP Apps: the note on the message card when the app sent more than is kept. */
  appMessageClipped: string
  /** MCP Apps: the message card's Send button (the message goes into the conversation). @defaultValue `'Send'` */
  appMessageSend: string
  /** MCP Apps: the message card's refusal (the app is told the message was declined). @defaultValue `'Discard'` */
  appMessageDiscard: string
  /** Shown after the call was cancelled. @defaultValue `'Cancelled.'` */
  cancelled: string
  /** Runs the call again. @defaultValue `'Try again'` */
  retry: string
  /** Back to the start. @defaultValue `'Start over'` */
  reset: string
  /** A 2025-11-25 call a reload cut off; `question` is its last question's message (as text), when known. */
  cutByReload: (question: string | undefined) => string
  /** Runs such a call again from the start. @defaultValue `'Run it again'` */
  runAgain: string
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
  /** In place of an image whose bytes are no PNG, JPEG, GIF or WebP whose size can be read, whatever its type says. */
  resultImageUnreadable: string
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
  /** Files chosen on another device and too large to leave it: they must be chosen again here. */
  fileOnOtherDevice: (count: number) => string
  /** In place of a file input whose code could not be fetched (offline, a new deploy); the rest of the form stays as it is. @defaultValue `'The file input could not be loaded.'` */
  fileLoadFailed: string
  /** Asks for the file input's code again. @defaultValue `'Try again'` */
  fileLoadRetry: string
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
