import type { JSONObject, Tool } from '@interlingua/core';

const str = (description: string): JSONObject => ({ type: 'string', description });
const num = (description: string): JSONObject => ({ type: 'number', description });
const oneOf = (description: string, values: string[]): JSONObject => ({ type: 'string', enum: values, description });
const list = (description: string, items: JSONObject): JSONObject => ({ type: 'array', items, description });

function tool(name: string, description: string, properties: Record<string, JSONObject>, required: string[]): Tool {
  return { name, description, inputSchema: { type: 'object', properties, required, additionalProperties: false } };
}

/**
 * Twenty tools of the kind agents carry — weather, search, calendar, mail, files, shell, maps,
 * tickets — with descriptions, enums, nested objects and arrays, as a model's tool list looks.
 */
export const REALISTIC_TOOLS: Tool[] = [
  tool(
    'get_weather',
    'Current weather and a short forecast for a city.',
    {
      city: str('City name, e.g. 北京 or Paris'),
      unit: oneOf('Temperature unit', ['celsius', 'fahrenheit']),
      days: num('Forecast days, 0-7'),
    },
    ['city'],
  ),
  tool(
    'web_search',
    'Search the web and return the top results with snippets.',
    {
      query: str('The search query'),
      count: num('How many results, 1-20'),
      freshness: oneOf('Result age', ['day', 'week', 'month', 'any']),
    },
    ['query'],
  ),
  tool(
    'fetch_url',
    'Fetch a web page and return its readable text.',
    { url: str('An absolute http(s) URL'), maxChars: num('Truncate the text to this many characters') },
    ['url'],
  ),
  tool(
    'list_events',
    'List calendar events in a time range.',
    { calendarId: str('Calendar id, or "primary"'), from: str('ISO 8601 start'), to: str('ISO 8601 end') },
    ['from', 'to'],
  ),
  tool(
    'create_event',
    'Create a calendar event and invite attendees.',
    {
      title: str('Event title'),
      start: str('ISO 8601 start'),
      end: str('ISO 8601 end'),
      attendees: list('Attendee e-mail addresses', { type: 'string' }),
      location: str('Where it takes place'),
    },
    ['title', 'start', 'end'],
  ),
  tool(
    'send_email',
    "Send an e-mail on the user's behalf.",
    {
      to: list('Recipients', { type: 'string' }),
      subject: str('Subject line'),
      body: str('Plain-text body'),
      cc: list('CC recipients', { type: 'string' }),
    },
    ['to', 'subject', 'body'],
  ),
  tool(
    'search_email',
    'Search the mailbox.',
    { query: str('Gmail-style query, e.g. from:alice newer_than:7d'), limit: num('Max messages') },
    ['query'],
  ),
  tool(
    'read_file',
    'Read a text file from the workspace.',
    {
      path: str('Path relative to the workspace root'),
      offset: num('First line, 1-based'),
      lines: num('How many lines'),
    },
    ['path'],
  ),
  tool(
    'write_file',
    'Write a text file in the workspace, replacing it.',
    { path: str('Path relative to the workspace root'), content: str('The whole new content') },
    ['path', 'content'],
  ),
  tool(
    'run_shell',
    'Run a shell command in the sandbox and return stdout, stderr and the exit code.',
    {
      command: str('The command line'),
      timeoutSeconds: num('Kill after this many seconds'),
      cwd: str('Working directory'),
    },
    ['command'],
  ),
  tool(
    'geocode',
    'Turn an address into coordinates.',
    { address: str('A postal address or place name'), country: str('ISO 3166-1 alpha-2 country code') },
    ['address'],
  ),
  tool(
    'directions',
    'Route between two places.',
    {
      origin: str('Start address'),
      destination: str('End address'),
      mode: oneOf('Travel mode', ['driving', 'walking', 'bicycling', 'transit']),
    },
    ['origin', 'destination'],
  ),
  tool(
    'create_ticket',
    'Open an issue in the tracker.',
    {
      project: str('Project key, e.g. OPS'),
      title: str('Summary'),
      description: str('Markdown description'),
      priority: oneOf('Priority', ['low', 'medium', 'high', 'urgent']),
      labels: list('Labels', { type: 'string' }),
    },
    ['project', 'title'],
  ),
  tool(
    'update_ticket',
    'Change fields of an issue.',
    {
      key: str('Issue key, e.g. OPS-42'),
      fields: {
        type: 'object',
        description: 'Fields to set',
        properties: { status: oneOf('Workflow status', ['todo', 'in_progress', 'done']), assignee: str('User name') },
      },
    },
    ['key', 'fields'],
  ),
  tool(
    'query_database',
    'Run a read-only SQL query against the analytics database.',
    {
      sql: str('A single SELECT statement'),
      params: list('Positional parameters', { type: ['string', 'number', 'boolean', 'null'] }),
    },
    ['sql'],
  ),
  tool(
    'convert_currency',
    "Convert an amount between currencies at today's rate.",
    { amount: num('The amount'), from: str('ISO 4217 code'), to: str('ISO 4217 code') },
    ['amount', 'from', 'to'],
  ),
  tool(
    'translate',
    'Translate text between languages.',
    {
      text: str('Text to translate'),
      target: str('BCP 47 target language, e.g. zh-CN'),
      source: str('Source language, or empty to detect'),
    },
    ['text', 'target'],
  ),
  tool(
    'set_reminder',
    'Remind the user at a time.',
    { text: str('What to remind'), at: str('ISO 8601 time'), repeat: oneOf('Repetition', ['none', 'daily', 'weekly']) },
    ['text', 'at'],
  ),
  tool(
    'stock_quote',
    'Latest quote for a ticker.',
    { symbol: str('Ticker, e.g. AAPL'), exchange: str('Exchange code') },
    ['symbol'],
  ),
  tool(
    'summarize',
    'Summarize a long text.',
    {
      text: str('The text'),
      style: oneOf('Summary style', ['bullets', 'paragraph', 'tldr']),
      maxWords: num('Upper bound on words'),
    },
    ['text'],
  ),
];
