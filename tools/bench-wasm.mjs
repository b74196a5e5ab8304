// The wasm side of `npm run bench`, in Node: both wasm flavours through the JS API,
// next to the yardsticks measured in the same process — an in-place stream and the
// naive sinf loop compiled into the same module, and the plain-JavaScript loop an
// article author would write. Cases are interleaved round by round; medians reported.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { root } from './lib.mjs';

const lib = path.join(root, 'dist', 'lib');
const { load } = await import(pathToFileURL(path.join(lib, 'index.js')).href);

// The bench-only module: the API plus the baselines (stream, memcpy, naive sinf), which the
// shipped module leaves out. tools/bench.mjs builds it.
async function rawModule(flavour) {
  const file = path.join(root, 'build', `wasm-${flavour}`, `posenc-bench-${flavour}.mjs`);
  const { default: factory } = await import(pathToFileURL(file).href);
  return factory({ wasmBinary: readFileSync(file.replace('.mjs', '.wasm')) });
}

const shapes = { A: { seq: 4096, heads: 8, dim: 128 }, B: { seq: 512, heads: 1, dim: 64 } };
const elements = (s) => s.seq * s.heads * s.dim;
const random = (n) => Float32Array.from({ length: n }, (_, i) => Math.sin(i * 12.9898) * 0.5);

// The loop a user would write: cos/sin cached per position (computed outside the timing).
function plainJsCache(shape) {
  const half = shape.dim / 2,
    cos = new Float32Array(shape.seq * half),
    sin = new Float32Array(shape.seq * half);
  for (let p = 0; p < shape.seq; p++)
    for (let i = 0; i < half; i++) {
      const angle = p * Math.pow(10000, (-2 * i) / shape.dim);
      cos[p * half + i] = Math.cos(angle);
      sin[p * half + i] = Math.sin(angle);
    }
  return { cos, sin };
}
// One loop per layout, as an author writes for the layout at hand: a layout test inside the
// inner loop made V8's loop ~15 % slower, and the ratios against it that much too kind.
function plainJsRopeInterleaved(x, { seq, heads, dim }, { cos, sin }) {
  const half = dim / 2;
  for (let p = 0; p < seq; p++) {
    const row = p * half;
    for (let h = 0; h < heads; h++) {
      const base = (p * heads + h) * dim;
      for (let i = 0; i < half; i++) {
        const a = base + 2 * i,
          c = cos[row + i],
          s = sin[row + i],
          xa = x[a],
          xb = x[a + 1];
        x[a] = xa * c - xb * s;
        x[a + 1] = xb * c + xa * s;
      }
    }
  }
}
function plainJsRopeHalf(x, { seq, heads, dim }, { cos, sin }) {
  const half = dim / 2;
  for (let p = 0; p < seq; p++) {
    const row = p * half;
    for (let h = 0; h < heads; h++) {
      const base = (p * heads + h) * dim;
      for (let i = 0; i < half; i++) {
        const a = base + i,
          b = a + half,
          c = cos[row + i],
          s = sin[row + i],
          xa = x[a],
          xb = x[b];
        x[a] = xa * c - xb * s;
        x[b] = xb * c + xa * s;
      }
    }
  }
}
const plainJsRope = { interleaved: plainJsRopeInterleaved, half: plainJsRopeHalf };

// A decode step in plain JavaScript: the angles of one position from precomputed inverse
// frequencies (64 cos and 64 sin), then every head of one token rotated (half layout).
function plainJsDecode(x, heads, dim, position, invFreq, cos, sin) {
  const half = dim / 2;
  for (let i = 0; i < half; i++) {
    const angle = position * invFreq[i];
    cos[i] = Math.cos(angle);
    sin[i] = Math.sin(angle);
  }
  plainJsRotateToken(x, heads, dim, cos, sin);
}
function plainJsRotateToken(x, heads, dim, cos, sin) {
  const half = dim / 2;
  for (let h = 0; h < heads; h++) {
    const base = h * dim;
    for (let i = 0; i < half; i++) {
      const a = base + i,
        b = a + half,
        c = cos[i],
        s = sin[i],
        xa = x[a],
        xb = x[b];
      x[a] = xa * c - xb * s;
      x[b] = xb * c + xa * s;
    }
  }
}

// The decode cases: [1 x 32 x 128] at one position per call, and a model-shaped token (32 layers
// of q [1 x 32 x 128] and k [1 x 8 x 128]); positions advance as in a decode loop.
const DECODE = { heads: 32, kvHeads: 8, dim: 128, layers: 32, base: 500000, positions: 8192 };
function addDecodeCases(add, posenc, flavour) {
  const { heads, kvHeads, dim, layers, base, positions } = DECODE;
  const o = { dim, heads, layout: 'half', base };
  const q = posenc.buffer(heads * dim),
    k = posenc.buffer(kvHeads * dim);
  q.view().set(random(heads * dim));
  k.view().set(random(kvHeads * dim));
  const plan = posenc.ropePlan(o),
    kPlan = posenc.ropePlan({ ...o, heads: kvHeads });
  let p = 0;
  const next = () => (p = (p + 1) % positions);
  add('decode [1 x 32 x 128]', `wasm ${flavour}, ropePlan on a WasmBuffer`, { items: 1 }, () => plan.apply(q, next()));
  add('decode [1 x 32 x 128]', `wasm ${flavour}, rope() on a WasmBuffer`, { items: 1 }, () =>
    posenc.rope(q, { ...o, offset: next(), inPlace: true }),
  );
  // The same options written out: the spread above costs the caller a few µs by itself (next case).
  add('decode [1 x 32 x 128]', `wasm ${flavour}, rope() on a WasmBuffer, options as a literal`, { items: 1 }, () =>
    posenc.rope(q, { dim, heads, layout: 'half', base, offset: next(), inPlace: true }),
  );
  const kept = [];
  add(
    'decode [1 x 32 x 128]',
    `wasm ${flavour}, the spread { ...o, offset, inPlace } alone`,
    { items: 1 },
    () => (kept[0] = { ...o, offset: next(), inPlace: true }),
  );
  const plainQ = random(heads * dim);
  add('decode [1 x 32 x 128]', `wasm ${flavour}, ropePlan on a Float32Array`, { items: 1 }, () =>
    plan.apply(plainQ, next()),
  );
  add('token (32 layers of q and k)', `wasm ${flavour}, ropePlan on WasmBuffers`, { items: 1 }, () => {
    const position = next();
    for (let layer = 0; layer < layers; layer++) {
      plan.apply(q, position);
      kPlan.apply(k, position);
    }
  });
}
function addPlainDecodeCases(add, posenc) {
  const { heads, kvHeads, dim, layers, base, positions } = DECODE;
  const invFreq = Float64Array.from({ length: dim / 2 }, (_, i) => base ** ((-2 * i) / dim));
  const cos = new Float64Array(dim / 2),
    sin = new Float64Array(dim / 2);
  const q = random(heads * dim),
    k = random(kvHeads * dim);
  // Checked against the library before it is timed.
  const mine = q.slice();
  plainJsDecode(mine, heads, dim, 4321, invFreq, cos, sin);
  const theirs = posenc.rope(q, { dim, heads, layout: 'half', base, offset: 4321 });
  const worst = mine.reduce((w, v, i) => Math.max(w, Math.abs(v - theirs[i])), 0);
  if (!(worst < 1e-5)) throw new Error(`plain JS decode step disagrees with posenc.rope by ${worst}`);
  let p = 0;
  const next = () => (p = (p + 1) % positions);
  add('decode [1 x 32 x 128]', 'plain JavaScript loop (its own angles)', { items: 1 }, () =>
    plainJsDecode(q, heads, dim, next(), invFreq, cos, sin),
  );
  // A JavaScript decoder would compute a token's angles once and reuse them in every layer.
  add('token (32 layers of q and k)', 'plain JavaScript loop (angles once per token)', { items: 1 }, () => {
    const position = next();
    for (let i = 0; i < dim / 2; i++) {
      cos[i] = Math.cos(position * invFreq[i]);
      sin[i] = Math.sin(position * invFreq[i]);
    }
    for (let layer = 0; layer < layers; layer++) {
      plainJsRotateToken(q, heads, dim, cos, sin);
      plainJsRotateToken(k, kvHeads, dim, cos, sin);
    }
  });
}

// A baseline that rotated the wrong pairs would be a fast wrong answer: it must agree
// with the library before it is timed.
function checkPlainJs(posenc, x, shape, layout, cache) {
  const mine = x.slice();
  plainJsRope[layout](mine, shape, cache);
  const theirs = posenc.rope(x, { dim: shape.dim, heads: shape.heads, layout });
  let worst = 0;
  for (let i = 0; i < x.length; i++) worst = Math.max(worst, Math.abs(mine[i] - theirs[i]));
  if (!(worst < 1e-5)) throw new Error(`plain JS ${layout} loop disagrees with posenc.rope by ${worst}`);
}

// The RoPE cases of one flavour: the API on WasmBuffers and Float32Arrays, and the in-wasm stream
// and memcpy bounds of the bench-only module M.
function addRopeCases(add, posenc, M, flavour) {
  for (const [label, shape] of Object.entries(shapes)) {
    const n = elements(shape),
      bytes = n * 8;
    for (const layout of ['interleaved', 'half']) {
      const options = { dim: shape.dim, heads: shape.heads, layout, inPlace: true };
      const buffer = posenc.buffer(n);
      buffer.view().set(random(n));
      add(`rope ${label} ${layout}`, `wasm ${flavour}, API on a WasmBuffer (cached)`, { bytes }, () =>
        posenc.rope(buffer, options),
      );
      // Angles computed in the call: the cache is off while this case runs, not toggled per call.
      add(
        `rope ${label} ${layout}`,
        `wasm ${flavour}, API on a WasmBuffer (fused)`,
        { bytes },
        () => posenc.rope(buffer, options),
        (timed) => {
          const limit = posenc.ropeCacheLimit(0);
          try {
            return timed();
          } finally {
            posenc.ropeCacheLimit(limit);
          }
        },
      );
      // Explicit positions (packed sequences, decoding): the same rows, positions given as an array.
      const positions = Array.from({ length: shape.seq }, (_, i) => i);
      add(
        `rope ${label} ${layout}`,
        `wasm ${flavour}, API on a WasmBuffer, explicit positions (cached)`,
        { bytes },
        () => posenc.rope(buffer, { ...options, positions }),
      );
      const plain = random(n);
      add(`rope ${label} ${layout}`, `wasm ${flavour}, API on a Float32Array, in place (copy in/out)`, { bytes }, () =>
        posenc.rope(plain, options),
      );
      // What the in-place path adds to the buffer's rotation: a copy in and a copy out per block of
      // the core's size (block_floats in cpp/src/rope.cpp), here without the rotation between them.
      const block = posenc.buffer(32768);
      const copies = `wasm ${flavour}, Float32Array in place, its block copies alone`;
      add(`rope ${label} ${layout}`, copies, { bytes }, () => {
        const heap = block.view();
        for (let i = 0; i < n; i += heap.length) {
          const m = Math.min(heap.length, n - i);
          heap.set(plain.subarray(i, i + m));
          plain.set(heap.subarray(0, m), i);
        }
      });
      add(`rope ${label} ${layout}`, `wasm ${flavour}, API on a Float32Array, fresh result`, { bytes }, () =>
        posenc.rope(plain, { ...options, inPlace: false }),
      );
    }
    const handle = M.createBuffer(n);
    add(`rope ${label} interleaved`, `wasm ${flavour}, in-place stream x[i] *= a`, { bytes }, () => {
      const view = handle.view();
      M.benchStreamInPlace(view.byteOffset, n, 0.999);
    });
    const copy = M.createBuffer(n);
    add(`rope ${label} interleaved`, `wasm ${flavour}, memcpy (two buffers)`, { bytes }, () => {
      M.benchMemcpy(copy.view().byteOffset, handle.view().byteOffset, n);
    });
  }
}

// Calibrates each case to ~40 ms per sample, then runs the rounds, interleaved.
function measure(cases, rounds, log) {
  for (const c of cases) {
    c.around(() => c.run());
    let reps = 1,
      elapsed = 0;
    for (;;) {
      elapsed = c.around(() => {
        const t = performance.now();
        for (let i = 0; i < reps; i++) c.run();
        return performance.now() - t;
      });
      if (elapsed > 20 || reps > 1 << 16) break;
      reps *= 2;
    }
    c.reps = Math.max(1, Math.round((reps * 40) / Math.max(elapsed, 1e-3)));
  }
  for (let r = 0; r < rounds; r++) {
    log(`  wasm round ${r + 1}/${rounds}`);
    for (const c of cases) {
      c.samples.push(
        c.around(() => {
          const t = performance.now();
          for (let i = 0; i < c.reps; i++) c.run();
          return (performance.now() - t) / c.reps;
        }),
      );
    }
  }
}

export async function benchWasm({ rounds = 11, log = console.log } = {}) {
  const cases = [];
  // around(run) wraps a case's timed loop (calibration and every sample), outside the timer.
  // `node tools/bench-wasm.mjs decode` runs only the cases whose group names that word.
  const only = process.argv[1] === fileURLToPath(import.meta.url) ? process.argv[2] : undefined;
  const add = (group, name, work, run, around = (timed) => timed()) => {
    if (only === undefined || group.includes(only)) cases.push({ group, name, work, run, around, samples: [] });
  };

  for (const flavour of ['simd', 'scalar']) {
    const posenc = await load({ simd: flavour === 'simd' });
    const M = await rawModule(flavour);
    addRopeCases(add, posenc, M, flavour);
    const table = M.createBuffer(8192 * 512);
    add('sinusoidal 8192x512', `wasm ${flavour}, library`, { items: 8192 * 512 }, () =>
      posenc.sinusoidal({ positions: 8192, dim: 512 }),
    );
    add('sinusoidal 8192x512', `wasm ${flavour}, naive sinf loop`, { items: 8192 * 512 }, () =>
      M.benchNaiveSinusoidal(table.view().byteOffset, 8192, 512),
    );
    const q = random(1024 * 64),
      k = random(1024 * 64).reverse();
    add('attention rope 1024x1024x64', `wasm ${flavour}, library`, { items: 1024 * 1024 * 64 }, () =>
      posenc.attentionScores(q, k, { dim: 64, encoding: 'rope' }),
    );
    addDecodeCases(add, posenc, flavour);
  }
  const reference = await load({ simd: true });
  addPlainDecodeCases(add, reference);
  for (const [label, shape] of Object.entries(shapes)) {
    const n = elements(shape),
      cache = plainJsCache(shape);
    for (const layout of ['interleaved', 'half']) {
      const x = random(n);
      checkPlainJs(reference, x, shape, layout, cache);
      add(`rope ${label} ${layout}`, 'plain JavaScript loop (cached cos/sin)', { bytes: n * 8 }, () =>
        plainJsRope[layout](x, shape, cache),
      );
    }
  }

  measure(cases, rounds, log);
  return cases.map(({ group, name, work, samples }) => {
    const sorted = [...samples].sort((a, b) => a - b),
      ms = sorted[Math.floor(sorted.length / 2)];
    return {
      group,
      name,
      ms,
      ...(work.bytes ? { gbps: work.bytes / ms / 1e6 } : { itemsPerSecond: (work.items / ms) * 1e3 }),
    };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const row of await benchWasm()) console.log(JSON.stringify(row));
}
