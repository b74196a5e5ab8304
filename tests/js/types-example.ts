// A typed tour of the API: `npx tsc --noEmit -p tests/js/tsconfig.json` checks it against
// dist/lib/index.d.ts (through package.json "exports"). Lines marked @ts-expect-error must
// stay errors: they are the mistakes the declarations are meant to catch.
import { load, simdSupported, WasmBuffer, type PosEnc, type LearnedTable, type RelativeTable, type RelativeScores, type Layout } from 'posenc';

async function tour(): Promise<void> {
  const posenc: PosEnc = await load();
  const scalar: PosEnc = await load({ simd: false, wasmUrl: new URL('https://example.org/wasm/') });
  const probed: boolean = simdSupported();
  const version: string = posenc.version;
  const simd: boolean = posenc.simd && !scalar.simd && probed;
  const limit: number = posenc.limits.maxElements;

  const pe: Float32Array = posenc.sinusoidal({ positions: 64, dim: 16 });
  const pe2: Float32Array = posenc.sinusoidal({ positions: [0, 5, 9], dim: 16, base: 500, layout: 'half' });

  const learned: LearnedTable = posenc.learned({ maxLen: 512, dim: 16, seed: 1, std: 0.02 });
  const table: Float32Array = learned.table();
  const rows: Float32Array = learned.encode(new Int32Array([0, 1]));
  const maxLen: number = learned.maxLen;

  const distance: Int32Array = posenc.relativeDistance({ queryLen: 4, min: -2, max: 2 });
  const relative: RelativeTable = posenc.relative({ min: -2, max: 2, dim: 16 });
  const q = new Float32Array(3 * 16);
  const k = new Float32Array(5 * 16);
  const scores: RelativeScores = relative.scores(q, k, { dim: 16, scale: false });
  const total: Float32Array = scores.total;

  const theta: Float32Array = posenc.ropeFrequencies({ dim: 16 });
  const layout: Layout = 'half';
  const y: Float32Array = posenc.rope(q, { dim: 16, heads: 1, layout, offset: 3, rotaryDim: 8 });
  const buf: WasmBuffer = posenc.buffer(q.length);
  buf.view().set(q);
  const view: Float32Array = posenc.rope(buf, { dim: 16, positions: [4, 5, 6], inPlace: true });
  const n: number = buf.length;
  buf.free();

  const R: Float32Array = posenc.ropeMatrix({ position: 3, dim: 16 });
  const logits: Float32Array = posenc.attentionScores(q, k, { dim: 16, encoding: 'relative', min: -2, max: 2 });
  const byDistance: Float32Array = posenc.ropeScoreByDistance(q.subarray(0, 16), k.subarray(0, 16), { dim: 16, maxDistance: 100 });
  const bound: Float32Array = posenc.ropeDecayBound({ dim: 16, maxDistance: 100 });
  const bytes: number = posenc.heapBytes();

  // @ts-expect-error layout is 'interleaved' | 'half'
  posenc.rope(q, { dim: 16, layout: 'neox' });
  // @ts-expect-error dim is required
  posenc.sinusoidal({ positions: 4 });
  // @ts-expect-error q must be a Float32Array
  posenc.attentionScores([1, 2], k, { dim: 2, encoding: 'none' });
  // @ts-expect-error unknown encoding
  posenc.attentionScores(q, k, { dim: 16, encoding: 'alibi' });
  // @ts-expect-error version is read-only
  posenc.version = 'x';
  // @ts-expect-error WasmBuffer is created by posenc.buffer()
  new WasmBuffer();

  void [version, simd, limit, pe, pe2, table, rows, maxLen, distance, total, theta, y, view, n, R, logits, byDistance, bound, bytes];
}

void tour;
