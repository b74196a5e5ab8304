// How a raw string becomes a figure parameter's value, and back. The parameters themselves (and their kinds: int,
// real, choice, bool) are declared in recipes.js (FIGURE_PARAMS), beside what each figure computes from them; an
// attribute and the URL query are parsed the same way. Parsing never throws
// and never returns markup: a value is a finite number clamped into range, a member of an enum,
// or a boolean. Anything else falls back to the default.

/** Parse one raw string (attribute or query value) against a spec. Returns a clean value. */
export function parseValue(spec, raw) {
  if (raw === null || raw === undefined) return spec.def;
  const s = String(raw).trim().slice(0, 64);
  switch (spec.type) {
    case 'enum':
      return spec.values.includes(s) ? s : spec.def;
    case 'bool':
      return s === '' || s === 'true' || s === '1' || s === 'on'
        ? true
        : s === 'false' || s === '0' || s === 'off'
          ? false
          : spec.def;
    case 'int':
    case 'real': {
      if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(s)) return spec.def;
      let v = Number(s);
      if (!Number.isFinite(v)) return spec.def;
      v = Math.min(spec.max, Math.max(spec.min, v));
      if (spec.type === 'int') {
        v = Math.round(v);
        if (spec.even && v % 2) v = v - 1 >= spec.min ? v - 1 : v + 1;
      }
      return v;
    }
    default:
      return spec.def;
  }
}

/** The string form written back into attributes and the URL. */
export function formatValue(spec, v) {
  if (spec.type === 'bool') return v ? 'true' : 'false';
  if (spec.type === 'real') return String(Number(v.toPrecision(6)));
  return String(v);
}

/** Attribute name of a parameter: camelCase -> kebab-case. */
export const attrName = (name) => name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());

/** Parse every parameter of `specs` (one figure's entry of FIGURE_PARAMS) from a getter (attribute or query lookup
 *  by name). */
export function parseAll(specs, get) {
  const out = {};
  for (const [name, spec] of Object.entries(specs)) out[name] = parseValue(spec, get(name));
  return out;
}
