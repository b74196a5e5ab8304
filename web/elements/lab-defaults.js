// The length lab's settings, in one place: what the page's controls start from, the model every run trains,
// what each run is tested on, and which settings the build trains ahead of time (tools/lab-results.mjs) so
// that their results are on the page before anyone presses Train. Change a value here and the next build
// trains the shipped results again (their cache is keyed by these settings and the lab's wasm).
// Plain data only: the build (Node), the lab's Worker and the figures all import this module.

/** Every scheme a run can use: the seven encodings of the library, then the same with randomized
 *  positions (Ruoss et al. 2023: trained on sorted random positions drawn from the whole range).
 *  NoPE has no positions to randomize. */
export const LAB_ENCODINGS = ['none', 'sinusoidal', 'learned', 'relative', 'rope', 'alibi', 't5'];
export const RANDOMIZED = '-rand';
export const LAB_SCHEMES = [...LAB_ENCODINGS, ...LAB_ENCODINGS.slice(1).map((e) => e + RANDOMIZED)];

/** What the controls start from (and the first set the build ships). */
export const LAB_DEFAULTS = Object.freeze({
  task: 'copy',
  schemes: Object.freeze([
    'none',
    'sinusoidal',
    'learned',
    'relative',
    'rope',
    'alibi',
    't5',
    'learned-rand',
    'rope-rand',
  ]),
  trainLength: 4, // training contents have 1..trainLength tokens
  steps: 2000,
  seeds: 2, // seeds 1..seeds
});

/** The ranges the controls (and attributes, and the URL) accept. */
export const LAB_LIMITS = Object.freeze({
  trainLength: [2, 32],
  steps: [20, 20000],
  seeds: [1, 5],
});

/** The model and optimiser of every run: options of posenc.lab() (web/lib/index.d.ts), passed as they are.
 *  `cosineDecay` (not a library option) sets decaySteps to the run's steps: the learning rate falls from
 *  its peak to a tenth over the step budget. */
export const LAB_MODEL = Object.freeze({
  dim: 32,
  heads: 4,
  layers: 2,
  batch: 32,
  symbols: 16,
  learningRate: 6e-3,
  cosineDecay: true,
});

// Why these values: measured natively before they were chosen (copy, 2 seeds). At trainLength 4 and
// 2,000 steps RoPE, learned, sinusoidal, T5 and relative reach 0.98-1.00 exact match at the training
// length, ALiBi 0.81-0.83 and NoPE 0.72-0.79; at trainLength 8 and dim 32 even RoPE stays below 0.98
// within the steps that a one-minute grid allows (docs/lab.md).

/** The schemes the page says reach (nearly) perfect exact match at the training length with the defaults;
 *  `npm run bench` checks them (>= 0.98). The others are shown as they come out. */
export const LAB_MUST_LEARN = Object.freeze(['sinusoidal', 'learned', 'rope', 'alibi', 't5']);

/** The benchmarks' reference model (a PyTorch pilot was timed at this size). */
export const LAB_REFERENCE = Object.freeze({
  task: 'copy',
  encoding: 'rope',
  trainLength: 8,
  dim: 64,
  heads: 4,
  layers: 2,
  batch: 32,
});

/** How a run is tested and recorded. Test lengths are content lengths: one and two tokens past the training
 *  length (where the first differences between the schemes show), then `multiples` x trainLength (copy at
 *  length n reads 2n positions; the model holds the positions of 8 x trainLength). RoPE runs are also
 *  tested with each scaling of `scalings` applied at test time, factor = test length / training length
 *  (1 at the training length, where the scaled model is the trained one). */
export const LAB_TEST = Object.freeze({
  beyond: Object.freeze([1, 2]),
  multiples: Object.freeze([1, 2, 3, 4, 6, 8]),
  samples: 100, // examples per length: exact match is a count out of these
  scalings: Object.freeze(['linear', 'dynamic', 'yarn']),
  attentionMultiples: Object.freeze([1, 4]), // attention maps of seed 1, every layer and head
  lossBin: 10, // the loss curve keeps the mean of every 10 steps
});

/** recall's longest content: 32 distinct keys with their values (posenc::lab::recall_keys in
 *  cpp/lab/include/posenc/lab.hpp; the library refuses longer, and tests/js/lab.test.mjs checks that both agree). */
export const RECALL_LONGEST = 64;

/** How a Worker trains: this many steps between two looks at its messages (a Stop waits at most one slice). */
export const LAB_SLICE = 25;

/** A grid small enough for a test to retrain in a second or two; the build ships it too. */
export const LAB_TINY = Object.freeze({
  task: 'copy',
  schemes: Object.freeze(['rope', 'alibi']),
  trainLength: 4,
  steps: 200,
  seeds: 1,
});

/** The settings the build trains and ships, in this order (the page opens on the first). */
export const LAB_SHIPPED = Object.freeze([LAB_DEFAULTS, LAB_TINY]);
