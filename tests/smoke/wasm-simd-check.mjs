// Checks what the compiler really emitted: in the SIMD flavour every kernel of the
// simd_impl twin holds SIMD128 instructions (the interleaved RoPE kernel a shuffle for
// its pair swap) and no scalar_impl kernel is linked, and the scalar flavour holds no v128
// instruction at all.
// usage: node wasm-simd-check.mjs <posenc-*.wasm> <posenc-*.mjs.symbols> <simd|scalar>
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';

const [wasmPath, symbolsPath, flavour] = process.argv.slice(2);
const names = new Map(
  readFileSync(symbolsPath, 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const colon = line.indexOf(':');
      return [
        Number(line.slice(0, colon)),
        decodeURIComponent(line.slice(colon + 1).replace(/\\([0-9a-f]{2})/g, '%$1')),
      ];
    }),
);
const disassembly = execFileSync('wasm-objdump', ['-d', wasmPath], { encoding: 'utf8', maxBuffer: 1 << 28 });

// Function index -> its instruction lines.
const bodies = new Map();
let current = null;
for (const line of disassembly.split('\n')) {
  const header = /^[0-9a-f]+ func\[(\d+)\]/.exec(line);
  if (header) bodies.set((current = Number(header[1])), []);
  else if (current !== null) bodies.get(current).push(line);
}
const simdLine = /\b(v128|[fi](8x16|16x8|32x4|64x2))\./;
const simdCount = (index) => (bodies.get(index) ?? []).filter((l) => simdLine.test(l)).length;
const indexOf = (fragment) => [...names].find(([, name]) => name.includes(fragment))?.[0];

let passed = 0;
if (flavour === 'simd') {
  const kernels = {
    sincos: /f32x4\.mul/,
    dot_rows: /f32x4\.add/,
    rotate_interleaved: /i8x16\.shuffle/,
    rotate_half: /f32x4\.mul/,
    rotate_interleaved_sum: /i8x16\.shuffle/,
    rotate_half_sum: /f32x4\.mul/,
    dot: /f32x4\.add/,
    add: /f32x4\.add/,
    add_angles: /f32x4\.mul/,
    scaled_normals: /f64x2\.sqrt/,
  };
  for (const [kernel, mustHave] of Object.entries(kernels)) {
    const index = indexOf(`simd_impl::${kernel}(`);
    assert.ok(index !== undefined, `simd_impl::${kernel} is in the symbol map`);
    const body = bodies.get(index) ?? [];
    assert.ok(
      body.some((l) => mustHave.test(l)),
      `simd_impl::${kernel} (func ${index}) contains ${mustHave}`,
    );
    console.log(`simd_impl::${kernel}: ${simdCount(index)} SIMD128 instructions`);
    passed++;
  }
  // A page cannot select the scalar kernels (only the bench module switches backends): none is linked.
  const scalar = [...names.values()].filter((name) => name.includes('scalar_impl::'));
  assert.deepEqual(scalar, [], 'the SIMD flavour links no scalar_impl kernel');
  console.log('simd flavour: no scalar_impl kernel linked');
  passed++;
} else {
  const total = [...bodies.keys()].reduce((sum, index) => sum + simdCount(index), 0);
  assert.equal(total, 0, 'the scalar flavour contains no SIMD128 instruction');
  console.log('scalar flavour: 0 SIMD128 instructions');
  passed++;
}
console.log(`${passed} passed, 0 failed`);
