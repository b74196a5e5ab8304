// WasmBuffer: a Float32Array that lives in wasm memory, so that rope() can rotate it
// in place without copying across the JS/wasm boundary.
//
// Lifetime is explicit: the memory belongs to the wasm heap until free() is called
// (the garbage collector sees a small handle, not the memory behind it; a
// FinalizationRegistry frees forgotten buffers eventually, but do not rely on it).
// view() is a window onto wasm memory, not a copy: when the heap grows (any later
// call may allocate) earlier views become detached (length 0). Fetch view() again
// after every other call.

import { describe, typeError } from './errors.js';

// buffer -> { handle, module, length }; handle becomes null on free().
const states = new WeakMap();

const registry =
  typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry((handle) => {
        try {
          handle.delete();
        } catch {
          /* module gone */
        }
      })
    : null;

export class WasmBuffer {
  /** @internal Use posenc.buffer(length). */
  constructor(token, module, handle, length) {
    if (token !== TOKEN) throw new TypeError('WasmBuffer cannot be constructed directly: use posenc.buffer(length)');
    // The floats' byte address in wasm memory never changes for the buffer's life.
    states.set(this, { handle, module, length, address: handle.address() });
    registry?.register(this, handle, this);
  }

  /** Number of float32 elements. */
  get length() {
    return states.get(this).length;
  }

  /** True after free(). */
  get freed() {
    return states.get(this).handle === null;
  }

  /** A Float32Array over the buffer's wasm memory (fetch again after any other call). */
  view() {
    const state = states.get(this);
    if (state?.handle == null) throw freedError('buffer', this);
    return state.handle.view();
  }

  /** Returns the memory to the wasm heap. Idempotent. */
  free() {
    const state = states.get(this);
    if (!state || state.handle === null) return;
    const handle = state.handle;
    state.handle = null;
    registry?.unregister(this);
    handle.delete();
  }

  get [Symbol.toStringTag]() {
    return 'WasmBuffer';
  }
}

if (typeof Symbol.dispose === 'symbol') {
  // `using buf = posenc.buffer(n)` frees it at the end of the block.
  WasmBuffer.prototype[Symbol.dispose] = WasmBuffer.prototype.free;
}

const TOKEN = Symbol('WasmBuffer');

function freedError(name, buffer) {
  return new TypeError(
    `${name} must be a live WasmBuffer, got a freed WasmBuffer of length ${buffer.length}` +
      ' (it cannot be used after free())',
  );
}

export function createBuffer(module, handle, length) {
  return new WasmBuffer(TOKEN, module, handle, length);
}

export function isWasmBuffer(value) {
  return states.has(value);
}

/** The byte address of a live buffer of `module`'s memory; TypeError naming `name` otherwise. */
export function addressOf(value, name, module) {
  handleOf(value, name, module);
  return states.get(value).address;
}

/** The live module handle of a buffer created by `module`; TypeError naming `name` otherwise. */
export function handleOf(value, name, module) {
  const state = states.get(value);
  if (!state) throw typeError(name, 'a Float32Array or a WasmBuffer', value);
  if (state.handle === null) throw freedError(name, value);
  if (state.module !== module) {
    throw new TypeError(
      `${name} must be a WasmBuffer of this posenc instance, got ${describe(value)} ` +
        'created by another load() (another wasm memory)',
    );
  }
  return state.handle;
}
