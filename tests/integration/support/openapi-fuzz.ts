// Malformed requests generated from the app's own OpenAPI document (fast-check arbitraries),
// and a small JSON-Schema check that says whether the document itself calls a value invalid.
import fc from 'fast-check';

type Schema = Record<string, any>;
export interface Operation {
  method: string;
  path: string;
  params: { name: string; in: 'path' | 'query'; required: boolean; schema: Schema }[];
  body?: Schema;
  secured: boolean;
}

/** One request to send, with why it is malformed and whether the document says it must be refused. */
export interface FuzzRequest {
  op: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  faults: string[];
  /** The document (or HTTP itself) calls the request invalid: it must get a 4xx. */
  mustReject: boolean;
}

export interface Fixtures {
  token: string;
  /** A valid id per path prefix: the fuzzer breaks one thing at a time around it. */
  idFor(path: string): string;
}

export function operations(doc: any): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      ops.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? []).map((p: any) => ({ name: p.name, in: p.in, required: Boolean(p.required), schema: p.schema ?? {} })),
        body: op.requestBody?.content?.['application/json']?.schema,
        secured: Boolean(op.security?.length),
      });
    }
  }
  return ops;
}

// ---- what the document allows -------------------------------------------------------------

export function resolver(doc: any) {
  const deref = (s: Schema): Schema => (s?.$ref ? deref(doc.components.schemas[s.$ref.split('/').pop()]) : (s ?? {}));
  const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

  /** True when the value satisfies the schema as far as this checker understands it. */
  const valid = (raw: Schema, v: unknown): boolean => {
    const s = deref(raw);
    if (s.anyOf || s.oneOf) return (s.anyOf ?? s.oneOf).some((x: Schema) => valid(x, v));
    if (s.allOf && !s.allOf.every((x: Schema) => valid(x, v))) return false;
    if (s.enum && !s.enum.some((e: unknown) => e === v)) return false;
    if ('const' in s && s.const !== v) return false;
    if (s.type) {
      const types: string[] = Array.isArray(s.type) ? s.type : [s.type];
      const t = typeOf(v);
      const ok = types.some((x) => x === t || (x === 'integer' && t === 'number' && Number.isInteger(v)));
      if (!ok) return false;
    }
    if (typeof v === 'string') {
      if (s.minLength !== undefined && [...v].length < s.minLength) return false;
      if (s.maxLength !== undefined && [...v].length > s.maxLength) return false;
      if (s.pattern && !new RegExp(s.pattern, 'u').test(v)) return false;
    }
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return false;
      if (s.minimum !== undefined && v < s.minimum) return false;
      if (s.maximum !== undefined && v > s.maximum) return false;
      if (s.exclusiveMinimum !== undefined && v <= s.exclusiveMinimum) return false;
      if (s.exclusiveMaximum !== undefined && v >= s.exclusiveMaximum) return false;
    }
    if (Array.isArray(v)) {
      if (s.minItems !== undefined && v.length < s.minItems) return false;
      if (s.maxItems !== undefined && v.length > s.maxItems) return false;
      if (s.items && !v.every((x) => valid(s.items, x))) return false;
    }
    if (typeOf(v) === 'object') {
      const o = v as Record<string, unknown>;
      for (const k of s.required ?? []) if (!(k in o)) return false;
      for (const [k, x] of Object.entries(o)) {
        if (s.properties?.[k]) {
          if (!valid(s.properties[k], x)) return false;
        } else if (s.additionalProperties === false) return false;
        else if (typeof s.additionalProperties === 'object' && !valid(s.additionalProperties, x)) return false;
      }
    }
    return true;
  };

  /** A value the schema accepts (best effort: a pattern may defeat it). */
  const sample = (raw: Schema, name = ''): unknown => {
    const s = deref(raw);
    if (s.anyOf || s.oneOf) return sample((s.anyOf ?? s.oneOf)[0], name);
    if (s.enum) return s.enum[0];
    if ('const' in s) return s.const;
    const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
    if (type === 'object' || s.properties) {
      const out: Record<string, unknown> = {};
      for (const k of s.required ?? []) out[k] = sample(s.properties?.[k] ?? {}, k);
      return out;
    }
    if (type === 'array') return Array.from({ length: s.minItems ?? 0 }, () => sample(s.items ?? {}, name));
    if (type === 'integer' || type === 'number') return Math.max(1, s.minimum ?? 1, (s.exclusiveMinimum ?? 0) + 1);
    if (type === 'boolean') return true;
    const candidates = [/email/.test(name) ? 'fuzz@example.com' : 'fuzz-value', 'https://fuzz.example/', 'fuzz@example.com', '1', 'abc', 'x'];
    return candidates.find((c) => valid(s, c)) ?? 'fuzz-value';
  };
  return { deref, valid, sample };
}

// ---- the malformations ----------------------------------------------------------------------

const BAD_IDS = ['0x10', '%2016', '0b10000', '0o20', '16.0', '1e1', '-1', '0', '+1', '016', ' 16', '16 ', '9007199254740993', '99999999999999999999999999', '１６', '٣', '1,2', 'null', 'undefined', 'NaN', 'Infinity', '16abc', '%00', '1%2F2', 'x'.repeat(5000)];
const WEIRD_STRINGS = ['', ' ', '\u0000', '💥', '../../etc/passwd', "' OR 1=1 --", '<script>x</script>', '%', 'a'.repeat(3000), '\ud800'];
const WRONG_VALUES: unknown[] = [null, 0, -1, 1.5, 1e308, -1e308, true, false, '', 'x', '1', '\ud800', 'a\udfffb', [], [1], {}, { a: 1 }, 'x'.repeat(50_000)];
const BAD_CONTENT_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=utf-16', 'application/json; charset=iso-8859-1', 'application/json;charset="UTF-16LE"', 'application/json; charset=utf-32'];
const BROKEN_JSON = ['', '{', '{"a":', "{'a':1}", '{"a":1}}', 'nul', '[', '\u0000', '{"a":1,}', '\ufeff{"a":1', '{"a":"\\u12"}', '1 2', '[' .repeat(20_000)];

/** A path segment as it goes on the wire: non-ASCII and spaces percent-encoded, "%2016" kept as written. */
/** (A "." or ".." segment, even as %2E, is a dot-segment that URL parsing removes: it is never sent as an id.) */
const onWire = (segment: string) => segment.replace(/[^\x21-\x7e]|[/?#]/gu, (ch) => encodeURIComponent(ch.replace(/[\ud800-\udfff]/g, '\ufffd')));

export function malformed(doc: any, op: Operation, fx: Fixtures): fc.Arbitrary<FuzzRequest> {
  const { valid, sample, deref } = resolver(doc);
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const kinds: string[] = [];
  if (op.secured) kinds.push('auth');
  if (pathParams.length) kinds.push('path', 'path');
  if (queryParams.length) kinds.push('query', 'query');
  if (op.body) kinds.push('body', 'body', 'body', 'content-type', 'json');
  if (!kinds.length) kinds.push('auth');

  const validBody = op.body ? sample(op.body) : undefined;
  const bodyProps = op.body ? Object.keys(deref(op.body).properties ?? {}) : [];

  return fc.record({
    kind: fc.constantFrom(...kinds),
    badId: fc.constantFrom(...BAD_IDS, ...WEIRD_STRINGS.filter(Boolean)),
    param: fc.nat(),
    queryValue: fc.oneof(fc.constantFrom(...BAD_IDS, ...WEIRD_STRINGS), fc.string({ maxLength: 20 }), fc.string({ unit: 'grapheme', maxLength: 300 })),
    auth: fc.constantFrom<Record<string, string>>({}, { authorization: 'Bearer not-a-token' }, { authorization: 'Basic YWRtaW46YWRtaW4=' }, { authorization: `Bearer ${fx.token}x` }, { authorization: 'Bearer ' }, { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.' }),
    mutation: fc.constantFrom('wrong-type', 'missing', 'extra', 'root', 'oversized', 'proto', 'random-json'),
    wrong: fc.constantFrom(...WRONG_VALUES),
    randomJson: fc.jsonValue({ maxDepth: 3 }),
    contentType: fc.constantFrom(...BAD_CONTENT_TYPES, ''),
    broken: fc.constantFrom(...BROKEN_JSON),
  }).map((g) => {
    const faults: string[] = [];
    let mustReject = false;
    const headers: Record<string, string> = op.secured ? { authorization: `Bearer ${fx.token}` } : {};
    const values: Record<string, string> = {};
    for (const p of pathParams) values[p.name] = fx.idFor(op.path);
    const query = new URLSearchParams();
    let body: string | undefined = op.body ? JSON.stringify(validBody) : undefined;
    if (op.body) headers['content-type'] = 'application/json';

    if (g.kind === 'auth' && op.secured) {
      delete headers.authorization;
      Object.assign(headers, g.auth);
      faults.push(`auth ${JSON.stringify(g.auth)}`);
      mustReject = true;
    } else if (g.kind === 'path' && pathParams.length) {
      const p = pathParams[g.param % pathParams.length];
      values[p.name] = g.badId;
      faults.push(`path ${p.name}=${JSON.stringify(g.badId.slice(0, 40))}`);
      // "%2016" arrives decoded; an empty or "/" value does not reach this route at all.
      let decoded = g.badId;
      try {
        decoded = decodeURIComponent(g.badId);
      } catch {
        /* left as written */
      }
      mustReject = !valid(p.schema, decoded);
    } else if (g.kind === 'query' && queryParams.length) {
      const p = queryParams[g.param % queryParams.length];
      query.set(p.name, g.queryValue);
      faults.push(`query ${p.name}=${JSON.stringify(g.queryValue.slice(0, 40))}`);
      mustReject = !valid(p.schema, g.queryValue) && !(g.queryValue === '' && !p.required);
      if (g.param % 5 === 0) {
        // The same parameter twice, the bad value first and again last: whichever is read, it is refused.
        query.append(p.name, 'x');
        query.append(p.name, g.queryValue);
        faults.push('repeated');
      }
    } else if (g.kind === 'content-type' && op.body) {
      if (g.contentType) headers['content-type'] = g.contentType;
      else delete headers['content-type'];
      faults.push(`content-type ${JSON.stringify(g.contentType)}`);
      mustReject = true;
    } else if (g.kind === 'json' && op.body) {
      body = g.broken;
      faults.push(`broken json ${JSON.stringify(g.broken.slice(0, 20))}`);
      mustReject = true;
    } else if (op.body) {
      const base = structuredClone(validBody) as any;
      const isObject = base !== null && typeof base === 'object' && !Array.isArray(base);
      const prop = bodyProps.length ? bodyProps[g.param % bodyProps.length] : undefined;
      let value: unknown = base;
      let raw: string | undefined;
      if (g.mutation === 'wrong-type' && isObject && prop) value = { ...base, [prop]: g.wrong };
      else if (g.mutation === 'missing' && isObject && deref(op.body).required?.length) {
        const { [deref(op.body).required[g.param % deref(op.body).required.length]]: _gone, ...rest } = base;
        value = rest;
      } else if (g.mutation === 'extra' && isObject) value = { ...base, fuzz_extra_field: g.wrong };
      else if (g.mutation === 'oversized' && isObject && prop) value = { ...base, [prop]: '€'.repeat(100_000) };
      else if (g.mutation === 'proto' && isObject) raw = `{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},${JSON.stringify(base).slice(1)}`.replace(/,}$/, '}');
      else if (g.mutation === 'random-json') value = g.randomJson;
      else value = g.wrong;
      body = raw ?? JSON.stringify(value);
      const parsed = JSON.parse(body);
      faults.push(`body ${g.mutation}: ${body.slice(0, 80)}`);
      mustReject = !valid(op.body, parsed);
    }

    const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => onWire(values[name]));
    const qs = query.toString();
    const req: FuzzRequest = { op: `${op.method} ${op.path}`, method: op.method, path: qs ? `${path}?${qs}` : path, headers, body, faults, mustReject };
    // A counterexample prints short: the faults and the start of the path and body.
    Object.defineProperty(req, fc.toStringMethod, { value: () => `${req.method} ${req.path.slice(0, 120)} ${JSON.stringify({ ...headers, authorization: headers.authorization?.slice(0, 16) })} body=${JSON.stringify(body?.slice(0, 120))} [${faults.join('; ')}]` });
    return req;
  });
}
