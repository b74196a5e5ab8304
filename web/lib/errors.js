// Error messages of the JavaScript layer. They follow the C++ core's wording,
// "<name> must be <requirement>, got <value>", so a message reads the same
// whichever layer refused the input. The core's own errors (RangeError for a
// number out of range, an unknown option string or a shape mismatch) are made by
// `coreError`, come back from the wasm module as Error objects, and `unwrap` rethrows
// them unchanged.

/** Describes a value for an error message: `"8"` for a string, `a Float64Array of length 3`, ... */
export function describe(value) {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
    case 'number':
    case 'boolean':
    case 'undefined':
      return String(value);
    case 'bigint':
      return `${value}n`;
    case 'symbol':
      return value.toString();
    case 'function':
      return 'a function';
    default:
      break;
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an Array of length ${value.length}`;
  if (ArrayBuffer.isView(value) && typeof value.length === 'number') {
    return `a ${value[Symbol.toStringTag]} of length ${value.length}`;
  }
  const name = value.constructor?.name;
  return name && name !== 'Object' ? `a ${name}` : 'an object';
}

export function typeError(name, requirement, value) {
  return new TypeError(`${name} must be ${requirement}, got ${describe(value)}`);
}

export function rangeError(name, requirement, value) {
  return new RangeError(`${name} must be ${requirement}, got ${describe(value)}`);
}

/**
 * The wasm module never throws for bad input: it returns a RangeError or TypeError
 * object instead of a result. Rethrow it as is (same class, same message).
 */
export function unwrap(result) {
  if (result instanceof Error) throw result;
  return result;
}

const CORE_ERRORS = { TypeError, RangeError, Error };
/**
 * The module's errors are made here (the library installs this as the module's posencError): an
 * error keeps the place where it was made, which Node prints above an uncaught error's stack, and
 * in the module's glue that place is one minified line of tens of kilobytes.
 */
export function coreError(type, message) {
  return new (CORE_ERRORS[type] ?? Error)(message);
}
