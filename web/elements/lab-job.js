// One run of the length lab, from settings to a result that can be stored as JSON: the same code trains the
// results the build ships (tools/lab-results.mjs, in Node) and the ones a reader trains (lab-worker.js, in a
// Web Worker), so that the two can be compared number for number. No DOM here.
import { LAB_MODEL, LAB_SCHEMES, LAB_TEST, RANDOMIZED, LAB_SLICE, RECALL_LONGEST } from './lab-defaults.js';

/** The scheme's library encoding and whether its positions are randomized: 'rope-rand' -> ['rope', true]. */
export function schemeParts(scheme) {
  const randomized = scheme.endsWith(RANDOMIZED);
  return [randomized ? scheme.slice(0, -RANDOMIZED.length) : scheme, randomized];
}

/** Everything a set of runs depends on, in one canonical object: the controls' values, the model and the
 *  tests. Schemes keep the order of LAB_SCHEMES whatever order they came in. */
export function labSettings({ task, schemes, trainLength, steps, seeds }) {
  return {
    task,
    schemes: LAB_SCHEMES.filter((s) => schemes.includes(s)),
    trainLength,
    steps,
    seeds,
    model: { ...LAB_MODEL },
    test: { ...LAB_TEST },
  };
}

/** A string that is equal for equal settings (keys sorted at every depth). */
export function settingsKey(settings) {
  const sorted = (v) =>
    Array.isArray(v)
      ? v.map(sorted)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sorted(v[k])]),
          )
        : v;
  return JSON.stringify(sorted(settings));
}

/** The test lengths of a set, ascending: a token or two past the training length, and its multiples, up to
 *  the longest content the task has (recall's keys are distinct: at most RECALL_LONGEST tokens). */
export function testLengths({ task, trainLength, test }) {
  const longest = task === 'recall' ? RECALL_LONGEST : Infinity;
  const lengths = [...test.multiples.map((m) => m * trainLength), ...test.beyond.map((b) => trainLength + b)];
  return [...new Set(lengths)].filter((n) => n <= longest).sort((a, b) => a - b);
}

/** One job per scheme and seed, seed by seed (so that every scheme's curve starts early). */
export function labJobs(settings) {
  const { cosineDecay, ...model } = settings.model;
  const jobs = [];
  for (let seed = 1; seed <= settings.seeds; seed++)
    for (const scheme of settings.schemes) {
      const [encoding, randomizedPositions] = schemeParts(scheme);
      jobs.push({
        id: `${scheme}/${seed}`,
        scheme,
        seed,
        steps: settings.steps,
        slice: LAB_SLICE,
        options: {
          ...model,
          task: settings.task,
          encoding,
          randomizedPositions,
          trainLength: settings.trainLength,
          seed,
          ...(cosineDecay ? { decaySteps: settings.steps } : {}),
        },
        lengths: testLengths(settings),
        samples: settings.test.samples,
        lossBin: settings.test.lossBin,
        scalings: encoding === 'rope' && !randomizedPositions ? settings.test.scalings : [],
        attention: seed === 1 ? settings.test.attentionMultiples.map((m) => m * settings.trainLength) : [],
      });
    }
  return jobs;
}

/** The mean of every `bin` values (a last, partial bin is left out), to 4 significant digits. */
export function binMeans(values, bin, from = 0) {
  const out = [];
  for (let i = from * bin; i + bin <= values.length; i += bin) {
    let sum = 0;
    for (let k = 0; k < bin; k++) sum += values[i + k];
    out.push(Number((sum / bin).toPrecision(4)));
  }
  return out;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** Bytes -> base64 (the same text in Node and in a Worker). */
export function toBase64(bytes) {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += B64[n >> 18] + B64[(n >> 12) & 63];
    out += i + 1 < bytes.length ? B64[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.length ? B64[n & 63] : '=';
  }
  return out;
}
/** base64 -> bytes. */
export function fromBase64(text) {
  const clean = text.replace(/=+$/, '');
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bits = 0,
    acc = 0,
    j = 0;
  for (const c of clean) {
    acc = (acc << 6) | B64.indexOf(c);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[j++] = (acc >> bits) & 255;
    }
  }
  return out;
}

/** An attention map [size x size] (zero above the diagonal) as its lower triangle, one byte per weight. */
export function packAttention(weights, size) {
  const out = new Uint8Array((size * (size + 1)) / 2);
  let k = 0;
  for (let i = 0; i < size; i++)
    for (let j = 0; j <= i; j++) out[k++] = Math.round(Math.min(1, Math.max(0, weights[i * size + j])) * 255);
  return toBase64(out);
}
/** The map back, as a Float32Array [size x size] of weights in steps of 1/255. */
export function unpackAttention(text, size) {
  const tri = fromBase64(text),
    out = new Float32Array(size * size);
  let k = 0;
  for (let i = 0; i < size; i++) for (let j = 0; j <= i; j++) out[i * size + j] = tri[k++] / 255;
  return out;
}

/** Answer tokens of one example of content length n: the whole content for copy and reverse, one for recall. */
export const answerTokens = (task, n) => (task === 'recall' ? 1 : n);

/** evaluate()'s shares as counts: examples answered exactly, answer tokens right. Counts are what two
 *  builds (SIMD and scalar) are compared on: a float in its last bits moves a count only at a tie. */
function scores(results, job) {
  return {
    exact: results.map((r) => Math.round(r.exactMatch * job.samples)),
    token: results.map((r) => Math.round(r.tokenAccuracy * job.samples * answerTokens(job.options.task, r.length))),
  };
}

/** Every layer's and head's attention on the first evaluation example of each length. */
function attentionMaps(run, job) {
  const { layers, heads } = run.options;
  return job.attention.map((length) => {
    let tokens = null,
      size = 0;
    const maps = [];
    for (let layer = 0; layer < layers; layer++) {
      const row = [];
      for (let head = 0; head < heads; head++) {
        const a = run.attention({ length, layer, head });
        tokens ??= Array.from(a.tokens);
        size = a.size;
        row.push(packAttention(a.weights, a.size));
      }
      maps.push(row);
    }
    return { length, size, tokens, maps };
  });
}

/** The tests of a trained run: plain, with each RoPE scaling, and its attention maps. */
function testRun(run, job) {
  const plain = scores(run.evaluate({ lengths: job.lengths, samples: job.samples }), job);
  const scaled = {};
  const train = job.options.trainLength;
  for (const type of job.scalings) {
    // one factor per length: the one that maps it back onto the training window
    const each = job.lengths.map(
      (length) =>
        run.evaluate({
          lengths: [length],
          samples: job.samples,
          scaling: { rope_type: type, factor: Math.max(1, length / train) },
        })[0],
    );
    scaled[type] = scores(each, job);
  }
  return { ...plain, ...(job.scalings.length ? { scaled } : {}), attention: attentionMaps(run, job) };
}

/**
 * Train one job with `posenc` (a library loaded with { lab: true }), `job.slice` steps at a time. After each
 * slice: hooks.onProgress(step, lossesOfTheSlice), then `await hooks.pause()` (a Worker reads its messages
 * there), then hooks.shouldStop() ends the run early (the result is then null). The result is plain data.
 */
export async function runJob(posenc, job, hooks = {}) {
  const run = posenc.lab(job.options);
  try {
    for (let done = 0; done < job.steps;) {
      const n = Math.min(job.slice, job.steps - done);
      run.train(n);
      done += n;
      hooks.onProgress?.(done, run.losses.slice(done - n, done));
      await hooks.pause?.();
      if (hooks.shouldStop?.()) return null;
    }
    const { exact, token, scaled, attention } = testRun(run, job);
    return {
      scheme: job.scheme,
      seed: job.seed,
      steps: job.steps,
      parameters: run.parameterCount,
      loss: binMeans(run.losses, job.lossBin),
      lengths: job.lengths,
      exact,
      token,
      ...(scaled ? { scaled } : {}),
      ...(attention.length ? { attention } : {}),
    };
  } finally {
    run.delete();
  }
}
