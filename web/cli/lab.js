// `posenc lab`: the length lab from the command line. One run of posenc.lab per positional scheme and
// seed, trained on short contents and tested on longer ones; the results as a table or as JSON
// (web/cli/lab-report.js). A progress line goes to standard error when it is a terminal.
import { UsageError, json, list, number, parseCommandLine } from './args.js';
import { labJson, labTable } from './lab-report.js';

const ENCODINGS = ['none', 'sinusoidal', 'learned', 'relative', 'rope', 'alibi', 't5'];
const DEFAULT_SEEDS = 3;
// With the learning rate decayed over them (--decay-steps follows --steps), enough for most schemes
// of the default model to learn copy at the training length.
const DEFAULT_STEPS = 1500;
// Each test length's share of 100 examples reads as a whole percentage.
const DEFAULT_SAMPLES = 100;

// Flags that give an option of posenc.lab as it is: flag -> [option, help]. The defaults named here
// are the library's (a test holds them to it).
const MODEL_FLAGS = {
  'train-length': ['trainLength', 'training contents have 1..N tokens (default 8)'],
  'max-positions': ['maxPositions', 'positions the model holds (default: those of 8 x --train-length)'],
  dim: ['dim', 'model width, a multiple of --heads (default 64)'],
  layers: ['layers', 'transformer blocks, 1..4 (default 2)'],
  heads: ['heads', 'attention heads (default 4)'],
  batch: ['batch', 'sequences per training step (default 32)'],
  'learning-rate': ['learningRate', 'AdamW learning rate (default 0.003)'],
  warmup: ['warmup', 'steps of learning-rate warm-up (default 100)'],
  'decay-steps': ['decaySteps', 'a cosine decay of the rate to a tenth over N steps (default: --steps)'],
  symbols: ['symbols', 'the copy and reverse alphabet, 2..63 (default 16)'],
};

// The library names options as posenc.lab takes them; its messages are shown with the user's flags.
const FLAG_OF = {
  ...Object.fromEntries(Object.entries(MODEL_FLAGS).map(([flag, [option]]) => [option, flag])),
  task: 'task',
  encoding: 'encodings',
  lengths: 'test-lengths',
  samples: 'samples',
  scaling: 'scaling',
  rope_type: 'scaling: rope_type',
};

export const LAB_USAGE = `Usage: posenc lab [options]

Trains a tiny decoder-only transformer on a synthetic task once per positional scheme and seed, on
contents of 1..--train-length tokens, then tests it on longer ones: which schemes carry past their
training length? Prints exact match per scheme and test length: the mean over the seeds and their
spread (min-max).

Options:
      --task T              copy (default) | reverse | recall
      --encodings LIST      the schemes, comma-separated (default all:
                            ${ENCODINGS.join(',')})
      --seeds N             runs per scheme, seeds 1..N (default ${DEFAULT_SEEDS})
      --steps N             training steps per run (default ${DEFAULT_STEPS})
      --test-lengths LIST   content lengths to test (default --train-length x 1, 2, 4, 8)
      --samples N           test examples per length (default ${DEFAULT_SAMPLES})
${Object.entries(MODEL_FLAGS)
  .map(([flag, [, help]]) => `      --${`${flag} N`.padEnd(20)}${help}`)
  .join('\n')}
      --randomized-positions
                            train on sorted random positions in [0, --max-positions)
      --scaling S           also test rope under a frequency scaling, without retraining:
                            TYPE:FACTOR (linear:4, dynamic:4, yarn:4) or rope_parameters JSON
      --json                every run's numbers as JSON instead of the table
      --scalar              use the scalar wasm build instead of SIMD128

Example:
  posenc lab --task copy --encodings none,rope,alibi --seeds 3 --train-length 8 --test-lengths 8,16,32`;

const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  json: { type: 'boolean' },
  scalar: { type: 'boolean' },
  'randomized-positions': { type: 'boolean' },
  ...Object.fromEntries(
    ['task', 'encodings', 'seeds', 'steps', 'test-lengths', 'samples', 'scaling', ...Object.keys(MODEL_FLAGS)].map(
      (name) => [name, { type: 'string' }],
    ),
  ),
};

function count(text, name, least, fallback) {
  if (text === undefined) return fallback;
  const n = number(text, name);
  if (!Number.isSafeInteger(n) || n < least)
    throw new UsageError(`--${name} expects a whole number from ${least}, got ${JSON.stringify(text)}`);
  return n;
}

// TYPE:FACTOR, or Hugging Face rope_parameters as JSON; its label in the table.
function scalingOf(text) {
  if (/^\s*\{/.test(text)) {
    const scaling = json(text, 'scaling');
    const factor = scaling?.factor === undefined ? '' : `:${scaling.factor}`;
    return { scaling, label: `rope+${scaling?.rope_type ?? scaling?.type}${factor}` };
  }
  const m = /^([a-z0-9_]+):(.+)$/.exec(text);
  if (!m) throw new UsageError(`--scaling expects TYPE:FACTOR (linear:4) or JSON, got ${JSON.stringify(text)}`);
  return { scaling: { rope_type: m[1], factor: number(m[2], 'scaling') }, label: `rope+${text}` };
}

// Everything the command line says, read and checked where the command owns it.
function readPlan(values) {
  const encodings = values.encodings?.split(',').map((e) => e.trim()) ?? ENCODINGS;
  const twice = encodings.find((e, i) => encodings.indexOf(e) !== i);
  if (twice !== undefined) throw new UsageError(`--encodings names ${JSON.stringify(twice)} twice`);
  const model = { task: values.task ?? 'copy' };
  for (const [flag, [option]] of Object.entries(MODEL_FLAGS))
    if (values[flag] !== undefined) model[option] = number(values[flag], flag);
  if (values['randomized-positions']) model.randomizedPositions = true;
  const steps = count(values.steps, 'steps', 0, DEFAULT_STEPS);
  model.decaySteps ??= steps; // the rate decays over the run's whole budget
  const scaled = values.scaling === undefined ? null : scalingOf(values.scaling);
  if (scaled && !encodings.includes('rope'))
    throw new UsageError('--scaling applies to rope, which --encodings leaves out');
  return {
    encodings,
    model,
    scaled,
    seeds: count(values.seeds, 'seeds', 1, DEFAULT_SEEDS),
    steps,
    samples: values.samples === undefined ? DEFAULT_SAMPLES : number(values.samples, 'samples'),
    testLengths: values['test-lengths'] === undefined ? null : list(values['test-lengths'], 'test-lengths'),
  };
}

// The library's RangeError or TypeError, naming the flag instead of the option.
function withFlags(error) {
  if (!(error instanceof RangeError || error instanceof TypeError)) return error;
  const m = /^([A-Za-z_]+)(?:\[\d+\])?(?:\.(\S+))? must /.exec(error.message);
  if (!m || !Object.hasOwn(FLAG_OF, m[1])) return error;
  const rest = error.message
    .slice(m[0].length - 'must '.length)
    .replace(/\b(trainLength|maxPositions|learningRate)\b/g, (option) => `--${FLAG_OF[option]}`);
  return new error.constructor(`--${FLAG_OF[m[1]]}${m[2] ? `: ${m[2]}` : ''} ${rest}`);
}

// Each scheme's options and lengths, tried on an untrained run before any training: a bad value
// fails at once, not after the runs before it.
function check(posenc, plan) {
  for (const encoding of plan.encodings) {
    const run = posenc.lab({ ...plan.model, encoding });
    try {
      plan.testLengths ??= [1, 2, 4, 8].map((k) => k * run.options.trainLength);
      run.evaluate({ lengths: plan.testLengths, samples: 1 });
      run.evaluate({ lengths: plan.testLengths.slice(0, 1), samples: plan.samples });
      if (encoding === 'rope' && plan.scaled)
        run.evaluate({ lengths: plan.testLengths, samples: 1, scaling: plan.scaled.scaling });
    } finally {
      run.delete();
    }
  }
}

// A line on standard error, rewritten in place at most ten times a second; nothing when it is not
// a terminal (a log or a pipe).
function progressLine(stream) {
  let last = 0,
    shown = false;
  return {
    update(text, force = false) {
      if (!stream.isTTY || (!force && Date.now() - last < 100)) return;
      last = Date.now();
      stream.write(`\r\x1b[K${text.slice(0, (stream.columns ?? 80) - 1)}`);
      shown = true;
    },
    clear() {
      if (shown) stream.write('\r\x1b[K');
      shown = false;
    },
  };
}

// One run's results at the test lengths, as the report takes them.
function record(run, plan, scaled) {
  const results = run.evaluate({
    lengths: plan.testLengths,
    samples: plan.samples,
    ...(scaled ? { scaling: scaled.scaling } : {}),
  });
  const losses = run.losses.subarray(-50);
  return {
    scheme: scaled ? scaled.label : run.options.encoding,
    encoding: run.options.encoding,
    scaling: scaled ? scaled.scaling : null,
    seed: run.options.seed,
    parameterCount: run.parameterCount,
    finalLoss: losses.length ? losses.reduce((a, b) => a + b, 0) / losses.length : null,
    options: run.options,
    // JSON has no NaN: a position without an answer is null
    results: results.map((r) => ({
      ...r,
      positionAccuracy: Array.from(r.positionAccuracy, (a) => (Number.isNaN(a) ? null : a)),
    })),
  };
}

// Every scheme and seed, one run after the other (each deleted before the next is made).
function trainAll(posenc, plan, progress) {
  const records = [];
  const total = plan.encodings.length * plan.seeds;
  const chunk = Math.max(1, Math.ceil(plan.steps / 100));
  for (const [e, encoding] of plan.encodings.entries())
    for (let seed = 1; seed <= plan.seeds; seed++) {
      const name = `[${e * plan.seeds + seed}/${total}] ${encoding}, seed ${seed}`;
      const run = posenc.lab({ ...plan.model, encoding, seed });
      try {
        for (let done = 0; done < plan.steps;) {
          const loss = run.train(Math.min(chunk, plan.steps - done));
          done = run.steps;
          progress.update(`${name}: step ${done}/${plan.steps}, loss ${loss.toFixed(3)}`);
        }
        progress.update(`${name}: testing`, true);
        records.push(record(run, plan, null));
        if (encoding === 'rope' && plan.scaled) records.push(record(run, plan, plan.scaled));
      } finally {
        run.delete();
      }
    }
  return records;
}

/** `posenc lab [options]`: returns the exit code; bad input throws (UsageError, or the library's error). */
export async function labCommand(argv) {
  const { values, positionals } = parseCommandLine(argv, OPTIONS);
  if (values.help) {
    process.stdout.write(`${LAB_USAGE}\n`);
    return 0;
  }
  if (positionals.length) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
  const plan = readPlan(values);
  const { load } = await import('posenc');
  const posenc = await load({ ...(values.scalar ? { simd: false } : {}), models: false, lab: true });
  const progress = progressLine(process.stderr);
  let records;
  try {
    check(posenc, plan);
    records = trainAll(posenc, plan, progress);
  } catch (error) {
    throw withFlags(error);
  } finally {
    progress.clear();
  }
  const settings = {
    task: records[0].options.task,
    trainLength: records[0].options.trainLength,
    steps: plan.steps,
    seeds: plan.seeds,
    testLengths: plan.testLengths,
    samples: plan.samples,
  };
  if (values.json) process.stdout.write(labJson(settings, records));
  else process.stdout.write(labTable(settings, records));
  return 0;
}
