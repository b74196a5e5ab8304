// Benchmark of the page's heaviest recipes in Node, on the built package's SIMD wasm (not a test: numbers
// are reported, never asserted): what the compute Worker spends per change, without the browser's frames
// and drawing. Each figure at its maxima, as tests/browser/bench-extremes.mjs sets it, then one control
// stepped back and forth next to its maximum, 9 times: median and range of the wall time, and of the
// process's CPU time (steadier when other work shares the machine).
// `node tests/js/bench-recipes.mjs [recipe ...]` after `npm run build`.
import { parseAll } from '../../web/elements/params.js';
import { FIGURE_PARAMS } from '../../web/elements/recipes.js';
import { RECIPES } from '../../web/elements/recipes.js';
import { extremes, steps } from '../browser/bench-extremes.mjs';
import { importPosenc } from './helpers.mjs';

const RUNS = 9;
// recipe -> its figure and the controls that make it compute again
const CASES = {
  ropeDecay: ['posenc-rope-decay', ['dim', 'base', 'distance', 'seed']],
  ropeScalingLogits: ['posenc-rope-scaling-logits', ['scaling', 'original', 'dim', 'factor', 'seed']],
  attentionCompare: ['posenc-attention-compare', ['seq', 'train', 'min', 'seed']],
  precisionLab: ['posenc-precision-lab', ['dim', 'base']],
  learnedTable: ['posenc-learned-table', ['dim', 'seed']],
  sinusoidal: ['posenc-sinusoidal-heatmap', ['positions', 'dim', 'base']],
};

const { load } = await importPosenc();
const lib = await load({ models: false });
const only = process.argv.slice(2);
const summary = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${s[RUNS >> 1].toFixed(1)} (${s[0].toFixed(1)}–${s.at(-1).toFixed(1)})`;
};
console.log('| recipe | control | wall ms, median (range) | CPU ms, median (range) |\n|---|---|---:|---:|');
for (const [recipe, [tag, controls]] of Object.entries(CASES)) {
  if (only.length && !only.includes(recipe)) continue;
  const specs = FIGURE_PARAMS[tag];
  const max = parseAll(specs, (name) => extremes(tag)[name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())]);
  for (const control of controls) {
    const values = steps(specs[control]).map((v) => (specs[control].type === 'enum' ? v : Number(v)));
    const wall = [],
      cpu = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now(),
        c0 = process.cpuUsage();
      const r = RECIPES[recipe](lib, { ...max, [control]: values[i % values.length] });
      const c = process.cpuUsage(c0);
      wall.push(performance.now() - t0);
      cpu.push((c.user + c.system) / 1000);
      // as the Worker does: the answer's buffers leave (and are detached)
      structuredClone(r, { transfer: [...new Set(buffers(r))] });
    }
    console.log(`| ${recipe} | ${control} | ${summary(wall)} | ${summary(cpu)} |`);
  }
}

function buffers(v, out = []) {
  if (ArrayBuffer.isView(v)) out.push(v.buffer);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) buffers(x, out);
  return out;
}
