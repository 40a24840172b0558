import { routePermission } from '@brewery/shop-rules';
import fc from 'fast-check';

/**
 * Malformed requests generated from the OpenAPI document the shop serves: for every operation, whatever
 * can be wrong with it (body, fields, numbers, strings, JSON text, content type, path, query, token).
 * The generators know nothing of the shop beyond the document; realistic ids and near-valid bodies come
 * from the caller, so that a mutation is the only thing wrong with a request and it reaches the handler.
 */

export interface Schema {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  example?: unknown;
  default?: unknown;
  nullable?: boolean;
  oneOf?: Schema[];
}

interface RawParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

interface RawOperation {
  parameters?: RawParameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: Record<string, unknown>[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface Operation {
  /** `PUT /api/admin/products/{id}` */
  key: string;
  method: string;
  /** The path as the document writes it, with `{name}` parameters. */
  template: string;
  pathParams: string[];
  queryParams: { name: string; required: boolean }[];
  /** The JSON body's schema, `$ref`s resolved; null when the operation documents none. */
  body: Schema | null;
  /** Needs the admin bearer token: documented with bearer security, or under /api/admin/ (but the public routes). */
  admin: boolean;
  /** Documents bearer security. */
  bearer: boolean;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

export function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([template, entries]) =>
    Object.entries(entries)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, raw]) => {
        const params = raw.parameters ?? [];
        const bodySchema = raw.requestBody?.content?.['application/json']?.schema;
        const bearer = (raw.security ?? []).some((entry) => 'bearer' in entry);
        const upper = method.toUpperCase();
        // The permissions table names the public admin routes (log in, an invitation, a password reset).
        const underAdmin =
          /^\/api\/admin(\/|$)/i.test(template) && routePermission(upper, template.replace(/\{(\w+)\}/g, ':$1')) !== 'public';
        return {
          key: `${upper} ${template}`,
          method: upper,
          template,
          pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
          queryParams: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, required: p.required === true })),
          body: bodySchema === undefined ? null : resolveSchema(doc, bodySchema),
          admin: bearer || underAdmin,
          bearer,
        };
      }),
  );
}

/** Follows `$ref`s (and takes a `oneOf`'s first choice) down the whole tree. */
export function resolveSchema(doc: OpenApiDocument, schema: Schema, depth = 0): Schema {
  if (depth > 20) return {};
  if (schema.$ref !== undefined) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = doc.components?.schemas?.[name];
    if (target === undefined) throw new Error(`OpenAPI document has no schema ${name}`);
    return resolveSchema(doc, target, depth + 1);
  }
  if (schema.oneOf !== undefined && schema.properties === undefined) {
    const alternatives = schema.oneOf.map((s) => resolveSchema(doc, s, depth + 1));
    // A union of scalars keeps its alternatives (a field may be a string or an integer); objects take the first.
    if (alternatives.every((s) => s.properties === undefined)) return { ...schema, oneOf: alternatives };
    return alternatives[0] ?? {};
  }
  return {
    ...schema,
    ...(schema.properties
      ? { properties: Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, resolveSchema(doc, v, depth + 1)])) }
      : {}),
    ...(schema.items ? { items: resolveSchema(doc, schema.items, depth + 1) } : {}),
  };
}

/** The JavaScript kinds a field may hold, from its type, its `oneOf`, or (for loosely typed fields) its example. */
export function allowedKinds(schema: Schema): Set<string> {
  if (schema.oneOf !== undefined) return new Set(schema.oneOf.flatMap((s) => [...allowedKinds(s)]));
  const kinds = new Set<string>();
  switch (schema.type) {
    case 'string':
      kinds.add('string');
      break;
    case 'number':
    case 'integer':
      kinds.add('number');
      break;
    case 'boolean':
      kinds.add('boolean');
      break;
    case 'array':
      kinds.add('array');
      break;
    default:
      // Nest documents an untyped field as `object`: its example tells what it really holds.
      kinds.add(schema.example === undefined ? 'object' : kindOf(schema.example));
  }
  if (schema.nullable === true) kinds.add('null');
  return kinds;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** A plausible value for a schema, from its example, enum, default or type. */
export function exampleOf(schema: Schema): unknown {
  if (schema.example !== undefined) return schema.example;
  if (schema.enum !== undefined && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.oneOf?.[0] !== undefined) return exampleOf(schema.oneOf[0]);
  switch (schema.type) {
    case 'string':
      return 'example';
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return schema.items ? [exampleOf(schema.items)] : [];
    default:
      return schema.properties ? Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, exampleOf(v)])) : {};
  }
}

export type Malformation =
  | 'body-wrong-type'
  | 'missing-required'
  | 'field-wrong-type'
  | 'huge-string'
  | 'control-characters'
  | 'bad-number'
  | 'unknown-field'
  | 'broken-json'
  | 'wrong-content-type'
  | 'oversized-body'
  | 'garbage-path'
  | 'garbage-query-param'
  | 'odd-query'
  | 'token-only';

export type Auth = { kind: 'none' } | { kind: 'admin' } | { kind: 'bad'; header: string };

export interface HostileRequest {
  operation: string;
  kind: Malformation;
  method: string;
  /** Already encoded: sent byte for byte. */
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** Every way it is sent: no token and the admin token for admin routes; no token for the rest. */
  auths: Auth[];
  /** A GET: a 2xx answer is a read, never an accident. */
  readOnly: boolean;
}

export interface RequestContext {
  /** Real values for a path or query parameter of an operation (ids that exist), or none. */
  realValues(operation: Operation, param: string): readonly string[];
  /** A near-valid body for an operation, when the caller knows one; the document's examples otherwise. */
  baseBody(operation: Operation): unknown;
}

/** Percent-encodes every byte but the unreserved ones, so any string (lone surrogates too) fits in a URL. */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

const HUGE = 100 * 1024;

const controlText = fc
  .tuple(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom(
      '\u0000',
      '\u0007',
      '\u001b[31m',
      '\u0008',
      '\u007f',
      '\u202e',
      '\ufeff',
      '\ud800',
      '\udfff',
      '\u0301\u0301\u0301',
      '\u2028',
    ),
  )
  .map(([text, special]) => `${text}${special}${text}`);

const hugeText = fc
  .constantFrom('a', 'é', '😀', '\u0000', '<script>', '%', '\\')
  .map((unit) => unit.repeat(Math.ceil(HUGE / Buffer.byteLength(unit))));

/** Numbers no integer field should take, and values that only look like numbers. `raw` ones go into the JSON text as is. */
const badNumber: fc.Arbitrary<{ value: unknown } | { raw: string }> = fc.oneof(
  fc.constantFrom(-1, -0.5, 0.333333, 1e308, 2 ** 53 + 2, -(2 ** 53) - 2, 2 ** 31).map((value) => ({ value })),
  fc
    .double({ noNaN: true, noDefaultInfinity: true })
    .filter((n) => !Number.isInteger(n) || n < 0 || n > 1e15)
    .map((value) => ({ value })),
  fc.constantFrom('NaN', 'Infinity', '1e999', '-1e999', '0x10', '1_000', '01', '.5', '9007199254740993').map((raw) => ({ raw })),
  fc.constantFrom('NaN', '-1', '1e999', '', ' 1 ').map((value) => ({ value })),
);

const pathGarbage: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%00',
    '..%2F..%2F..%2Fetc%2Fpasswd',
    '../../../etc/passwd',
    '..',
    '%2e%2e',
    '%2e%2e%2f%2e%2e%2fpackage.json',
    '%',
    '%zz',
    '%E0%A4%A',
    '%C0%AF',
    '%FF%FE',
    'null',
    'undefined',
    '-1',
    '0',
    '1.5',
    'NaN',
    'Infinity',
    '1e309',
    '0x1F',
    '99999999999999999999',
    '%20',
    '%0d%0aSet-Cookie:%20x=1',
    '__proto__',
    'constructor',
    '%7B%22%24gt%22%3A%22%22%7D',
    '%27%3B%20DROP%20TABLE%20events%3B%20--',
    '*',
    ';',
    '%23',
  ),
  fc.constantFrom('a', '%00', '..%2F', 'é').map((unit) => unit.repeat(Math.ceil(10240 / unit.length))),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map(percentEncode),
  fc.uint8Array({ minLength: 1, maxLength: 12 }).map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')),
);

const queryGarbage: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'a[b][c][d][e][f]=1',
    '__proto__[polluted]=1',
    'constructor[prototype][polluted]=1',
    'x=%zz',
    '%00=%00',
    'a=1&a=2&a=3',
    'payment_intent[]=pi_1',
    'payment_intent[$ne]=x',
    'client_secret=&client_secret=',
    '=',
    '&&&',
    '?',
    'a=%0d%0a',
  ),
  fc.constant(`q=${'x'.repeat(10240)}`),
  fc.constant(Array.from({ length: 1000 }, (_, i) => `p${i}=1`).join('&')),
  fc
    .tuple(fc.string({ unit: 'binary', maxLength: 20 }), fc.string({ unit: 'binary', maxLength: 20 }))
    .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`),
);

/** Bearer headers that are not the admin's token; printable Latin-1 only, as HTTP allows. */
export const badAuthorization: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'Bearer',
    'Bearer ',
    'Bearer null',
    'Bearer undefined',
    'Bearer a.b.c',
    'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9.',
    'Basic YWRtaW46YWRtaW4=',
    'bearer  x  y',
    'Token abc',
  ),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 200 }).map((s) => `Bearer ${s}`),
  fc.constant(`Bearer ${'A'.repeat(8000)}`),
);

type Mutation = { body: string; contentType: string | null; extraHeaders?: Record<string, string> };

function json(value: unknown): Mutation {
  return { body: JSON.stringify(value), contentType: 'application/json' };
}

function fieldPaths(schema: Schema, value: unknown, prefix: string[] = []): { path: string[]; schema: Schema }[] {
  if (schema.properties === undefined || typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.entries(schema.properties).flatMap(([name, child]) => {
    const here = [...prefix, name];
    const inner = (value as Record<string, unknown>)[name];
    const nested =
      child.items !== undefined && Array.isArray(inner) && inner.length > 0
        ? fieldPaths(child.items, inner[0], [...here, '0'])
        : fieldPaths(child, inner, here);
    return [{ path: here, schema: child }, ...nested];
  });
}

function withField(base: unknown, path: readonly string[], change: { set: unknown } | { remove: true }): unknown {
  const copy: unknown = structuredClone(base);
  let node = copy as Record<string, unknown>;
  for (const step of path.slice(0, -1)) {
    const next = node[step];
    if (typeof next !== 'object' || next === null) return copy;
    node = next as Record<string, unknown>;
  }
  const last = path[path.length - 1];
  if (last === undefined) return copy;
  if ('remove' in change) delete node[last];
  else Object.defineProperty(node, last, { value: change.set, enumerable: true, writable: true, configurable: true });
  return copy;
}

const RAW_MARK = '"__raw_value_marker__"';

function wrongTypedValue(schema: Schema): fc.Arbitrary<unknown> {
  const allowed = allowedKinds(schema);
  const candidates: [string, fc.Arbitrary<unknown>][] = [
    ['string', fc.constantFrom('1', 'true', 'null', '', '[]')],
    ['number', fc.constantFrom(0, 1, -1, 1.5)],
    ['boolean', fc.boolean()],
    ['array', fc.constantFrom([], ['a'], [1, 2])],
    ['object', fc.constantFrom({}, { $gt: '' }, { value: 1 })],
    ['null', fc.constant(null)],
  ];
  const wrong = candidates.filter(([kind]) => !allowed.has(kind)).map(([, arb]) => arb);
  return wrong.length === 0 ? fc.constant(Symbol('unrepresentable')) : fc.oneof(...wrong);
}

function bodyMutations(schema: Schema, base: unknown): [Malformation, fc.Arbitrary<Mutation>][] {
  const fields = fieldPaths(schema, base);
  const present = fields.filter((f) => pathExists(base, f.path));
  const required = present.filter((f) => isRequired(schema, f.path));
  const strings = present.filter((f) => allowedKinds(f.schema).has('string'));
  const numbers = present.filter((f) => allowedKinds(f.schema).has('number'));
  const baseText = JSON.stringify(base);
  const mutations: [Malformation, fc.Arbitrary<Mutation>][] = [
    ['body-wrong-type', fc.constantFrom<unknown>([], [base], 'text', 0, -1, null, true, '{}').map(json)],
    [
      'broken-json',
      fc.oneof(
        fc
          .integer({ min: 1, max: Math.max(1, baseText.length - 1) })
          .map((cut) => ({ body: baseText.slice(0, cut), contentType: 'application/json' })),
        fc
          .constantFrom(
            "{'a':1}",
            '{"a":1,}',
            '{"a":undefined}',
            '{"a":NaN}',
            'NaN',
            '[1,2',
            '\u0000',
            '{"a":"\u0001raw control"}',
            '{"a":1}{"b":2}',
            '\ufeff{"a":1}',
            `${'['.repeat(60000)}${']'.repeat(60000)}`,
            `${'{"a":'.repeat(20000)}1${'}'.repeat(20000)}`,
          )
          .map((body) => ({ body, contentType: 'application/json' })),
      ),
    ],
    [
      'wrong-content-type',
      fc
        .constantFrom(
          'text/plain',
          'application/xml',
          'multipart/form-data; boundary=x',
          'application/x-www-form-urlencoded',
          null,
          'application/json; charset=utf-16',
          'application/json; charset=latin1',
          '*/*',
          'application/json, text/plain',
        )
        // The JSON text under another label (a form-encoded rendering of the same fields is a valid request).
        .map((contentType) => ({ body: baseText, contentType })),
    ],
    [
      'wrong-content-type',
      fc
        .constantFrom('gzip', 'br', 'deflate', 'identity, gzip')
        .map((encoding) => ({ body: baseText, contentType: 'application/json', extraHeaders: { 'content-encoding': encoding } })),
    ],
    [
      'oversized-body',
      fc.constant({
        body: JSON.stringify({ ...(isObject(base) ? base : {}), padding: 'x'.repeat(2 * 1024 * 1024) }),
        contentType: 'application/json',
      }),
    ],
    [
      'unknown-field',
      fc
        .tuple(
          fc.oneof(
            fc.constantFrom('__proto__', 'constructor', 'prototype', '$set', 'isAdmin', 'actor', 'id', '_id'),
            fc.string({ minLength: 1, maxLength: 12 }),
          ),
          fc.constantFrom<unknown>(1, 'x', { polluted: true }, null, []),
          fc.constantFrom<string[]>(
            [],
            ...present.filter((f) => f.schema.properties !== undefined || f.path.length > 1).map((f) => f.path.slice(0, -1)),
          ),
        )
        .filter(([name, , at]) => !knownAt(schema, at, name))
        .map(([name, value, at]) => json(withField(base, [...at, name], { set: value }))),
    ],
  ];
  if (required.length > 0) {
    mutations.push([
      'missing-required',
      fc.subarray(required, { minLength: 1 }).map((drop) => json(drop.reduce((acc, f) => withField(acc, f.path, { remove: true }), base))),
    ]);
  } else if (present.length > 0) {
    mutations.push(['missing-required', fc.constant(json({}))]);
  }
  if (present.length > 0) {
    mutations.push([
      'field-wrong-type',
      fc
        .constantFrom(...present)
        .chain((f) => wrongTypedValue(f.schema).map((value) => ({ f, value })))
        .filter(({ value }) => typeof value !== 'symbol')
        .map(({ f, value }) => json(withField(base, f.path, { set: value }))),
    ]);
  }
  if (strings.length > 0) {
    mutations.push([
      'huge-string',
      fc.tuple(fc.constantFrom(...strings), hugeText).map(([f, text]) => json(withField(base, f.path, { set: text }))),
    ]);
    mutations.push([
      'control-characters',
      fc.tuple(fc.constantFrom(...strings), controlText, fc.boolean()).map(([f, text, raw]) => {
        const body = JSON.stringify(withField(base, f.path, { set: text }));
        // Raw control characters inside a JSON string make the text itself invalid.
        return { body: raw ? body.replace(/\\u0000/g, '\u0000').replace(/\\u0007/g, '\u0007') : body, contentType: 'application/json' };
      }),
    ]);
  }
  if (numbers.length > 0) {
    mutations.push([
      'bad-number',
      fc.tuple(fc.constantFrom(...numbers), badNumber).map(([f, bad]) => {
        if ('value' in bad) return json(withField(base, f.path, { set: bad.value }));
        return {
          body: JSON.stringify(withField(base, f.path, { set: RAW_MARK.slice(1, -1) })).replace(RAW_MARK, bad.raw),
          contentType: 'application/json',
        };
      }),
    ]);
  }
  return mutations;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pathExists(value: unknown, path: readonly string[]): boolean {
  let node: unknown = value;
  for (const step of path) {
    if (typeof node !== 'object' || node === null || !(step in node)) return false;
    node = (node as Record<string, unknown>)[step];
  }
  return true;
}

function schemaAt(schema: Schema, path: readonly string[]): Schema | undefined {
  let node: Schema | undefined = schema;
  for (const step of path) {
    if (node === undefined) return undefined;
    node = /^\d+$/.test(step) ? node.items : node.properties?.[step];
  }
  return node;
}

function isRequired(schema: Schema, path: readonly string[]): boolean {
  const parent = schemaAt(schema, path.slice(0, -1));
  const name = path[path.length - 1];
  return name !== undefined && (parent?.required ?? []).includes(name);
}

function knownAt(schema: Schema, at: readonly string[], name: string): boolean {
  return schemaAt(schema, at)?.properties?.[name] !== undefined;
}

function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? 'missing');
}

/** Every malformed request the document allows for one operation. */
export function hostileRequests(op: Operation, context: RequestContext): fc.Arbitrary<HostileRequest> {
  const readOnly = op.method === 'GET';
  const realPath = (): fc.Arbitrary<Record<string, string>> =>
    fc.record(
      Object.fromEntries(
        op.pathParams.map((name) => {
          const real = context.realValues(op, name);
          return [name, real.length > 0 ? fc.constantFrom(...real.map(percentEncode)) : fc.constant('unknown')];
        }),
      ),
    );
  const garbagePath = (): fc.Arbitrary<Record<string, string>> =>
    fc
      .tuple(realPath(), fc.constantFrom(...op.pathParams), pathGarbage)
      .map(([values, param, garbage]) => ({ ...values, [param]: garbage }));
  const validQuery = (): fc.Arbitrary<string[]> =>
    fc.tuple(
      ...op.queryParams.map((q) => {
        const real = context.realValues(op, q.name);
        return real.length > 0 ? fc.constantFrom(...real.map((v) => `${q.name}=${percentEncode(v)}`)) : fc.constant(`${q.name}=x`);
      }),
    );
  const oddQuery = fc.option(queryGarbage, { freq: 2 });
  const auths = (bad: string): Auth[] =>
    op.admin ? [bad === '' ? { kind: 'none' } : { kind: 'bad', header: bad }, { kind: 'admin' }] : [{ kind: 'none' }];
  const authChoice = fc.oneof({ weight: 3, arbitrary: fc.constant('') }, { weight: 1, arbitrary: badAuthorization });

  const build = (kind: Malformation, path: string, query: string[], mutation: Mutation | null, auth: Auth[]): HostileRequest => {
    const headers: Record<string, string> = { ...(mutation?.extraHeaders ?? {}) };
    if (mutation?.contentType) headers['content-type'] = mutation.contentType;
    const search = query.filter((q) => q !== '').join('&');
    return {
      operation: op.key,
      kind,
      method: op.method,
      path: search === '' ? path : `${path}?${search}`,
      headers,
      body: mutation?.body,
      auths: auth,
      readOnly,
    };
  };

  const kinds: fc.Arbitrary<HostileRequest>[] = [];
  const mutable = op.body !== null || op.pathParams.length > 0 || op.queryParams.length > 0 || readOnly;
  if (!mutable && op.admin) {
    // Nothing to get wrong but the token: only ever sent without one, or with a bad one.
    kinds.push(
      fc
        .tuple(badAuthorization, fc.option(queryGarbage))
        .map(([bad, q]) => build('token-only', op.template, q === null ? [] : [q], null, [{ kind: 'none' }, { kind: 'bad', header: bad }])),
    );
    return fc.oneof(...kinds);
  }
  if (op.body !== null) {
    const base = context.baseBody(op) ?? exampleOf(op.body);
    for (const [kind, mutation] of bodyMutations(op.body, base)) {
      kinds.push(
        fc
          .tuple(realPath(), mutation, oddQuery, authChoice)
          .map(([values, m, q, bad]) => build(kind, fillPath(op.template, values), q === null ? [] : [q], m, auths(bad))),
      );
    }
    if (op.pathParams.length > 0) {
      kinds.push(
        fc
          .tuple(garbagePath(), authChoice)
          .map(([values, bad]) => build('garbage-path', fillPath(op.template, values), [], json(base), auths(bad))),
      );
    }
  } else if (!readOnly) {
    // A write without a documented body: junk bodies, and garbage in its path when it has one.
    const junk = fc.oneof(
      fc.constantFrom<unknown>([], 'text', 0, null, { type: 'payment_intent.succeeded', data: { object: { id: 'pi_x' } } }).map(json),
      fc.constantFrom('{"a":', "{'a':1}", '\u0000').map((body) => ({ body, contentType: 'application/json' })),
      fc.constant({ body: 'x'.repeat(2 * 1024 * 1024), contentType: 'application/json' }),
      fc.constantFrom('text/plain', 'application/xml').map((contentType) => ({ body: '<event/>', contentType })),
    );
    const signature = fc.option(
      fc.oneof(
        fc.constantFrom('t=1,v1=deadbeef', '', 't=,v1=', 'v1=' + 'a'.repeat(64)),
        fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 80 }),
      ),
    );
    if (op.pathParams.length > 0) {
      kinds.push(
        fc
          .tuple(garbagePath(), fc.option(junk), oddQuery, authChoice)
          .map(([values, m, q, bad]) => build('garbage-path', fillPath(op.template, values), q === null ? [] : [q], m, auths(bad))),
      );
    } else {
      kinds.push(
        fc
          .tuple(junk, signature, oddQuery)
          .map(([m, sig, q]) =>
            build(
              'body-wrong-type',
              op.template,
              q === null ? [] : [q],
              { ...m, extraHeaders: sig === null ? {} : { 'stripe-signature': sig } },
              auths(''),
            ),
          ),
      );
    }
  } else {
    // A read: odd query strings on real ids, garbage ids, and garbage in its query parameters.
    kinds.push(
      fc
        .tuple(realPath(), validQuery(), queryGarbage, authChoice)
        .map(([values, q, odd, bad]) => build('odd-query', fillPath(op.template, values), [...q, odd], null, auths(bad))),
    );
    if (op.pathParams.length > 0) {
      kinds.push(
        fc
          .tuple(garbagePath(), validQuery(), oddQuery, authChoice)
          .map(([values, q, odd, bad]) =>
            build('garbage-path', fillPath(op.template, values), odd === null ? q : [...q, odd], null, auths(bad)),
          ),
      );
    }
    if (op.queryParams.length > 0) {
      const garbageValue = fc.oneof(pathGarbage, fc.constant(''), fc.constant(null));
      kinds.push(
        fc
          .tuple(realPath(), fc.constantFrom(...op.queryParams), garbageValue, fc.boolean(), authChoice)
          .map(([values, q, value, twice, bad]) => {
            const one = value === null ? '' : `${q.name}=${value}`;
            return build('garbage-query-param', fillPath(op.template, values), twice ? [one, `${q.name}[]=pi_1`] : [one], null, auths(bad));
          }),
      );
    }
  }
  return fc.oneof(...kinds);
}
