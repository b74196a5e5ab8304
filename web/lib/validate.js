// Type checks of the JavaScript layer. Only TYPES are checked here (and array
// lengths against the element limit, so that nothing huge is copied into wasm
// memory); ranges, integer-ness, option strings and shapes are checked by the
// C++ core, which is the one place that knows the rules.
//
// Option objects: `undefined` means "not given" (the default applies); any other
// value must have the right type. Keys the function does not know are ignored.

import { rangeError, typeError } from './errors.js';

/** Marks an option without default. */
export const REQUIRED = Symbol('required');

export function options(o) {
  if (o === null || typeof o !== 'object' || Array.isArray(o)) throw typeError('options', 'an object', o);
  return o;
}

function option(o, key, type, fallback, what) {
  const value = o[key];
  if (value === undefined && fallback !== REQUIRED) return fallback;
  if (typeof value !== type) throw typeError(key, what, value);
  return value;
}

export const number = (o, key, fallback = REQUIRED) => option(o, key, 'number', fallback, 'a number');
export const boolean = (o, key, fallback = REQUIRED) => option(o, key, 'boolean', fallback, 'a boolean');
export const string = (o, key, fallback = REQUIRED) => option(o, key, 'string', fallback, 'a string');

function checkLength(name, length, maxElements) {
  if (length > maxElements) throw rangeError(`${name}.length`, `at most ${maxElements}`, length);
}

const tagOf = (value) => (ArrayBuffer.isView(value) ? value[Symbol.toStringTag] : undefined);

export function isFloat32Array(value) {
  return tagOf(value) === 'Float32Array'; // also true for arrays from another realm (iframe)
}

/** A Float32Array of at most maxElements elements. */
export function float32Array(value, name, maxElements) {
  if (!isFloat32Array(value)) throw typeError(name, 'a Float32Array', value);
  checkLength(name, value.length, maxElements);
  return value;
}

function isArrayLike(value) {
  return (
    value !== null && typeof value === 'object' && typeof value.length === 'number' && !(value instanceof ArrayBuffer)
  );
}

/**
 * An array-like of numbers (Array, any non-BigInt typed array, { length, 0: ... })
 * copied into a Float64Array, the form the wasm module takes positions in.
 */
export function numberArray(value, name, maxElements, requirement = 'an array of numbers') {
  const tag = tagOf(value);
  if (!isArrayLike(value) || tag === 'BigInt64Array' || tag === 'BigUint64Array' || tag === 'DataView') {
    throw typeError(name, requirement, value);
  }
  const length = value.length;
  if (!Number.isSafeInteger(length) || length < 0) throw rangeError(`${name}.length`, 'a non-negative integer', length);
  checkLength(name, length, maxElements);
  if (tag === 'Float64Array') return value;
  if (tag !== undefined) return Float64Array.from(value); // typed arrays hold numbers only
  const out = new Float64Array(length);
  for (let i = 0; i < length; i++) {
    const v = value[i];
    if (typeof v !== 'number') throw typeError(`${name}[${i}]`, 'a number', v);
    out[i] = v;
  }
  return out;
}

/**
 * A list of numbers (as numberArray), or a list of equal-length lists of numbers (one per axis
 * of multi-axis positions) flattened row after row, as a Float64Array.
 */
export function numberRows(value, name, maxElements) {
  if (!Array.isArray(value) || value.length === 0 || typeof value[0] !== 'object' || value[0] === null) {
    return numberArray(value, name, maxElements);
  }
  const rows = value.map((row, a) => numberArray(row, `${name}[${a}]`, maxElements));
  const seq = rows[0].length;
  rows.forEach((row, a) => {
    if (row.length !== seq) throw rangeError(`${name}[${a}].length`, `${seq} (the length of ${name}[0])`, row.length);
  });
  checkLength(name, rows.length * seq, maxElements);
  const out = new Float64Array(rows.length * seq);
  rows.forEach((row, a) => out.set(row, a * seq));
  return out;
}
