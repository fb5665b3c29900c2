/**
 * Input requests as servers send them, for stories of fixed visual states.
 *
 * Shapes follow the wire: `params` of `elicitation/create` (form mode with
 * `requestedSchema`, URL mode with `url`; the 2026-07-28 SDK adds `mode` and
 * sends no `elicitationId`), `sampling/createMessage` and `roots/list`, as
 * carried by an `input_required` result's `inputRequests`. Field schemas come
 * from the official examples (vendored in test/fixtures/mcp-schema/2026-07-28/examples/)
 * where one exists.
 */
import type { JsonObject, PendingInput } from '../src/core/index'
import type { ElicitationRequest, UrlElicitationRequest } from '../src/forms/index'

/** `_meta["io.modelcontextprotocol/serverInfo"]` of the asking server. */
export const server = { name: 'travel', version: '3.0.1' }
/** The MCP endpoint that asks (its host is shown on every card). */
export const endpoint = 'https://mcp.travel.example:8443/mcp'

/** Markup and script payloads that must come out as text. */
export const hostile = '<img src=x onerror="alert(1)"><script>alert("xss")</script><a href="javascript:alert(1)">click</a>'

/** A form-mode `elicitation/create` for one flat object schema. */
export function formRequest(message: string, properties: Record<string, JsonObject>, required: string[] = []): ElicitationRequest {
  return { mode: 'form', message, requestedSchema: { type: 'object', properties, ...(required.length > 0 ? { required } : {}) } }
}

/** A URL-mode `elicitation/create`. */
export function urlRequest(message: string, url: string): UrlElicitationRequest {
  return { mode: 'url', message, url }
}

// ——— field kinds (official examples where the schema has one) ———

export const fields = {
  /** StringSchema with length bounds. */
  name: { type: 'string', title: 'Full name', description: 'As on your passport', minLength: 2, maxLength: 40 },
  /** StringSchema/email-input-schema.json */
  email: { type: 'string', title: 'Display Name', description: 'Description text', minLength: 3, maxLength: 50, format: 'email', default: 'user@example.com' },
  uri: { type: 'string', title: 'Website', description: 'Where travellers can read about you', format: 'uri' },
  date: { type: 'string', title: 'Birthday', format: 'date' },
  dateTime: { type: 'string', title: 'Departure', description: 'Local time at the airport', format: 'date-time' },
  /** NumberSchema/number-input-schema.json */
  number: { type: 'number', title: 'Display Name', description: 'Description text', minimum: 0, maximum: 100, default: 50 },
  integer: { type: 'integer', title: 'Passengers', minimum: 1, maximum: 9 },
  /** BooleanSchema/boolean-input-schema.json */
  boolean: { type: 'boolean', title: 'Display Name', description: 'Description text', default: false },
  /** UntitledSingleSelectEnumSchema/color-select-schema.json */
  enum: { type: 'string', title: 'Color Selection', description: 'Choose your favorite color', enum: ['Red', 'Green', 'Blue'], default: 'Red' },
  /** TitledSingleSelectEnumSchema/titled-color-select-schema.json */
  oneOf: {
    type: 'string',
    title: 'Color Selection',
    description: 'Choose your favorite color',
    oneOf: [
      { const: '#FF0000', title: 'Red' },
      { const: '#00FF00', title: 'Green' },
      { const: '#0000FF', title: 'Blue' },
    ],
    default: '#FF0000',
  },
  /** Legacy single select: `enum` + `enumNames`. */
  enumNames: { type: 'string', title: 'Meal', enum: ['veg', 'std', 'none'], enumNames: ['Vegetarian', 'Standard', 'No meal'] },
  /** UntitledMultiSelectEnumSchema/color-multi-select-schema.json */
  multiEnum: { type: 'array', title: 'Color Selection', description: 'Choose your favorite colors', minItems: 1, maxItems: 2, items: { type: 'string', enum: ['Red', 'Green', 'Blue'] }, default: ['Red', 'Green'] },
  /** TitledMultiSelectEnumSchema/titled-color-multi-select-schema.json */
  multiAnyOf: {
    type: 'array',
    title: 'Color Selection',
    description: 'Choose your favorite colors',
    minItems: 1,
    maxItems: 2,
    items: {
      anyOf: [
        { const: '#FF0000', title: 'Red' },
        { const: '#00FF00', title: 'Green' },
        { const: '#0000FF', title: 'Blue' },
      ],
    },
    default: ['#FF0000', '#00FF00'],
  },
} satisfies Record<string, JsonObject>

/** ElicitRequestFormParams/elicit-multiple-fields.json */
export const contactRequest: ElicitationRequest = {
  mode: 'form',
  message: 'Please provide your contact information',
  requestedSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', description: 'Your full name' },
      email: { type: 'string', format: 'email', description: 'Your email address' },
      age: { type: 'number', minimum: 18, description: 'Your age' },
    },
    required: ['name', 'email'],
  },
}

/** Every kind in one form, as a travel server might ask. */
export const bookingRequest = formRequest(
  'Book your flight',
  {
    name: fields.name,
    email: { type: 'string', title: 'Email', format: 'email' },
    site: { type: 'string', title: 'Website', format: 'uri' },
    birthday: { type: 'string', title: 'Birthday', format: 'date' },
    departure: { type: 'string', title: 'Departure', format: 'date-time', default: '2026-03-01T09:30:00+01:00' },
    passengers: { type: 'integer', title: 'Passengers', minimum: 1, maximum: 9, default: 1 },
    budget: { type: 'number', title: 'Budget (EUR)', minimum: 0, default: 1500.5 },
    insurance: { type: 'boolean', title: 'Insurance', description: 'Covers cancellation', default: true },
    seat: { type: 'string', title: 'Seat', enum: ['window', 'aisle'] },
    cabin: { type: 'string', title: 'Cabin', oneOf: [{ const: 'eco', title: 'Economy' }, { const: 'biz', title: 'Business' }], default: 'eco' },
    meal: fields.enumNames,
    extras: { type: 'array', title: 'Extras', items: { type: 'string', enum: ['wifi', 'bag', 'lounge'] }, minItems: 1, maxItems: 2 },
    languages: { type: 'array', title: 'Languages', items: { anyOf: [{ const: 'en', title: 'English' }, { const: 'fr', title: 'French' }] }, default: ['en'] },
  },
  ['name', 'email', 'extras'],
)

// ——— a recorded round: form + URL + sampling + roots ———

const asked = { era: 'modern' as const, server: { name: 'shop', version: '1.2.3' }, url: 'https://mcp.shop.example/mcp', answered: false }

export const roundInputs: PendingInput[] = [
  {
    ...asked,
    key: 'address',
    method: 'elicitation/create',
    params: {
      mode: 'form',
      message: 'Where should we ship?',
      requestedSchema: { type: 'object', properties: { city: { type: 'string', title: 'City' }, express: { type: 'boolean', title: 'Express delivery', default: false } }, required: ['city'] },
    },
  },
  { ...asked, key: 'pay', method: 'elicitation/create', params: { mode: 'url', message: 'Pay on our site', url: 'https://pay.shop.example/checkout?order=8812' } },
  {
    ...asked,
    key: 'summary',
    method: 'sampling/createMessage',
    // CreateMessageRequestParams/basic-request.json
    params: {
      messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }],
      modelPreferences: { hints: [{ name: 'claude-3-sonnet' }], intelligencePriority: 0.8, speedPriority: 0.5 },
      systemPrompt: 'You are a helpful assistant.',
      maxTokens: 100,
    },
  },
  // The SDK sends `roots/list` with its params omitted.
  { ...asked, key: 'roots', method: 'roots/list', params: {} },
]

/** InputRequiredResult/input-required-result-with-elicitation-and-sampling-and-request-state.json, as pending inputs. */
export const officialRound: PendingInput[] = [
  {
    ...asked,
    key: 'github_login',
    method: 'elicitation/create',
    params: { message: 'Please provide your GitHub username', requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
  },
  {
    ...asked,
    key: 'capital_of_france',
    method: 'sampling/createMessage',
    params: { messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }], maxTokens: 100 },
  },
]

/** A `CreateMessageResult` the app's model might produce. */
export const samplingAnswer: JsonObject = { role: 'assistant', content: { type: 'text', text: 'Paris.' }, model: 'test-model', stopReason: 'endTurn' }

/** Roots the app would share after approval. */
export const roots = [
  { uri: 'file:///home/ada/projects/trip-planner', name: 'trip-planner' },
  { uri: 'file:///home/ada/Documents/receipts', name: 'receipts' },
]

// ——— long texts ———

export const longMessage =
  'Before we can confirm your booking we need a few more details. '.repeat(24) +
  'Reference: BOOKING-REFERENCE-7F3A9C2E1D5B4A6F8E0C2D4B6A8F0E2C4D6B8A0F2E4C6D8B0A2F4E6C8D0B2A4F6E8C0D2B4A6F8E0C2D4B6A8F0E2C4.'

export const longTitle = 'The full legal name of the primary passenger exactly as it is printed on the machine-readable zone of the passport or national identity card'

export const longUrl =
  'https://accounts.travel.example/oauth2/authorize/consent/continue?response_type=code&client_id=mcp-travel-assistant-production-eu-west-1&redirect_uri=' +
  encodeURIComponent('https://mcp.travel.example:8443/callback/oauth2/complete') +
  '&scope=' +
  encodeURIComponent('openid profile email bookings:read bookings:write payments:initiate loyalty:read') +
  '&state=' +
  'a'.repeat(180) +
  '&code_challenge=' +
  'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'.repeat(4) +
  '&code_challenge_method=S256'

// ——— spoofing and values that are not text ———

/**
 * A `serverInfo.title` built to make "Asked by …" read as another host: the
 * right-to-left override (U+202E) would reverse everything after it, our
 * " (host)" included, so the line would end in a host the server chose.
 */
export const spoofedTitle = 'My Bank \u202Eelpmaxe.knab-ym.pcm( \u202C'

/** A 100 KB server name, as a server may send one. */
export const hugeName = 'Travel Booking Server '.repeat(4_546).slice(0, 100_000)

/**
 * `{"toString":1}` as JSON.parse makes it: `String()` of it throws. Built on
 * each call, inside stories' render functions, so no Storybook machinery
 * handles it as an arg.
 */
export const unprintable = () => JSON.parse('{"toString":1}') as Record<string, unknown>
