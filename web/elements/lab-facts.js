// The sentences of the page's prose that state what the shipped lab results show: written from the results
// themselves (tools/build-site.mjs puts them into the HTML at build time, where the page has
// <span data-lab-fact="en:key"></span>), so that the text cannot claim what the figures do not show. A
// comparison's wording (ahead, behind, agrees, does not) is chosen from the numbers too.
import { schemeName } from './lab-strings.js';
import { answerTokens } from './lab-job.js';

export const pct = (v) => `${Math.round(v * 100)}%`;
const signed = (v) => `${v >= 0 ? '+' : '−'}${Math.abs(Math.round(v * 100))}`;
const points = (v) => `${signed(v)} ${Math.abs(Math.round(v * 100)) === 1 ? 'point' : 'points'}`;

/** Per scheme: mean over seeds of the share right at each length, for `metric` ('exact' | 'token'). */
export function curves(set, metric, counts = (r) => r) {
  const s = set.settings,
    lengths = set.runs[0].lengths;
  const share = (c, i) => c / (metric === 'exact' ? s.test.samples : s.test.samples * answerTokens(s.task, lengths[i]));
  const out = {};
  for (const scheme of s.schemes) {
    const runs = set.runs.filter((r) => r.scheme === scheme && counts(r));
    if (!runs.length) continue;
    out[scheme] = lengths.map((_, i) => runs.reduce((a, r) => a + share(counts(r)[metric][i], i), 0) / runs.length);
  }
  return { lengths, out, multiple: (m) => lengths.indexOf(m * s.trainLength) };
}

/** The first step at which a scheme's mean loss (over seeds) is below `level`, or null. */
function stepBelow(set, scheme, level) {
  const runs = set.runs.filter((r) => r.scheme === scheme);
  const bin = set.settings.test.lossBin;
  const n = Math.min(...runs.map((r) => r.loss.length));
  for (let i = 0; i < n; i++) if (runs.reduce((a, r) => a + r.loss[i], 0) / runs.length < level) return (i + 1) * bin;
  return null;
}

const list = (lang, items) => items.join(lang === 'zh' ? '、' : ', ');
const named = (lang, scheme, v) => `${schemeName(lang, scheme)}${lang === 'zh' ? ' ' : ' at '}${pct(v)}`;

/** At the training length: the range of exact match over the schemes. */
function fitFact(lang, set) {
  const { out, multiple } = curves(set, 'exact');
  const at = Object.entries(out).map(([k, c]) => [k, c[multiple(1)]]);
  at.sort((a, b) => a[1] - b[1]);
  const [lo, hi] = [at[0], at.at(-1)];
  return lang === 'zh'
    ? `在训练长度上，完全正确率从 ${named(lang, ...lo)} 到 ${named(lang, ...hi)} 不等。`
    : `At the training length, exact match ranges from ${named(lang, ...lo)} to ${named(lang, ...hi)}.`;
}

/** One token past the training length: which schemes still answer some examples exactly, best first. */
function pastFact(lang, set) {
  const exact = curves(set, 'exact');
  const i = exact.lengths.indexOf(set.settings.trainLength + 1);
  if (i < 0) return '';
  const at = Object.entries(exact.out)
    .map(([k, c]) => [k, c[i]])
    .sort((a, b) => b[1] - a[1]);
  const some = at.filter(([, v]) => v >= 0.005),
    none = at.filter(([, v]) => v < 0.005).map(([k]) => schemeName(lang, k));
  const n = set.settings.trainLength + 1;
  if (lang === 'zh')
    return (
      `只比训练长度多一个 token（${n} 个）时，` +
      (some.length
        ? `仍有完全答对的样本：${list(
            lang,
            some.map((e) => named(lang, ...e)),
          )}`
        : '没有一种方案还能完整答对样本') +
      (none.length ? `；${list(lang, none)} 一个也答不全。` : '。')
    );
  return (
    `Just one token past the training length (${n} tokens), ` +
    (some.length
      ? `exact answers remain for ${list(
          lang,
          some.map((e) => named(lang, ...e)),
        )}`
      : 'no scheme answers an example exactly any more') +
    (none.length ? `; ${list(lang, none)} get none entirely right.` : '.')
  );
}

/** At 2x: exact match (how many schemes get none right) and token accuracy (best and worst). */
function twiceFact(lang, set) {
  const exact = curves(set, 'exact'),
    token = curves(set, 'token');
  const i = exact.multiple(2);
  if (i < 0) return '';
  const e = Object.entries(exact.out).map(([k, c]) => [k, c[i]]);
  const zero = e.filter(([, v]) => v === 0).length;
  const t = Object.entries(token.out)
    .map(([k, c]) => [k, c[i]])
    .sort((a, b) => b[1] - a[1]);
  const best = e.reduce((a, b) => (b[1] > a[1] ? b : a));
  if (lang === 'zh')
    return (
      (zero === e.length
        ? `到训练长度的 2 倍，没有一种方案能完整答对哪怕一个样本。`
        : `到训练长度的 2 倍，${e.length} 种方案中有 ${zero} 种一个样本也答不全，最好的是 ${named(lang, ...best)}。`) +
      `逐 token 准确率下降得平缓一些：2 倍处最高的是 ${named(lang, ...t[0])}，最低的是 ${named(lang, ...t.at(-1))}。`
    );
  return (
    (zero === e.length
      ? 'At twice the training length, no scheme gets a single example entirely right.'
      : `At twice the training length, ${zero} of the ${e.length} schemes get no example entirely right; ` +
        `the best is ${named(lang, ...best)}.`) +
    ` Token accuracy falls more gently: at 2× it is highest for ${named(lang, ...t[0])} and lowest for ` +
    `${named(lang, ...t.at(-1))}.`
  );
}

/** NoPE's slow start: when its loss first falls below 1, against the schemes with positions. */
function nopeFact(lang, set) {
  const schemes = set.settings.schemes;
  if (!schemes.includes('none')) return '';
  const level = 1;
  const nope = stepBelow(set, 'none', level);
  const others = schemes.filter((k) => k !== 'none').map((k) => [k, stepBelow(set, k, level)]);
  const reached = others.filter(([, v]) => v !== null).sort((a, b) => a[1] - b[1]);
  // how many get there strictly before NoPE
  const slower = others.filter(([, v]) => v !== null && (nope === null || v < nope)).length;
  const steps = set.settings.steps;
  if (lang === 'zh') {
    const when =
      nope === null ? `在 ${steps} 步内都没能把损失降到 ${level} 以下` : `在第 ${nope} 步才把损失降到 ${level} 以下`;
    const range = reached.length
      ? `有位置信息的方案里，最快的 ${schemeName(lang, reached[0][0])} 用了 ${reached[0][1]} 步`
      : `有位置信息的方案也都没有降到 ${level} 以下`;
    const count =
      slower === others.length ? `${others.length} 种全都比 NoPE 快` : `${others.length} 种中有 ${slower} 种比 NoPE 快`;
    return `NoPE ${when}；${range}，${count}。`;
  }
  const when =
    nope === null
      ? `does not bring its loss below ${level} within ${steps} steps`
      : `first brings its loss below ${level} after ${nope} steps`;
  const range = reached.length
    ? `the fastest scheme with positions, ${schemeName(lang, reached[0][0])}, takes ${reached[0][1]}`
    : `no scheme with positions gets there either`;
  const count =
    slower === others.length
      ? `all ${others.length} schemes with positions get there before NoPE`
      : `${slower} of the ${others.length} schemes with positions get there before NoPE`;
  return `NoPE ${when}; ${range}, and ${count}.`;
}

/** Kazemnejad et al. 2023: NoPE and T5 ahead of ALiBi, RoPE and the absolute codes at 2x. */
function kazemnejadFact(lang, set) {
  const rivals = ['alibi', 'rope', 'sinusoidal', 'learned'].filter((k) => set.settings.schemes.includes(k));
  const pair = ['none', 't5'].filter((k) => set.settings.schemes.includes(k));
  const token = curves(set, 'token');
  const i = token.multiple(2);
  if (!pair.length || !rivals.length || i < 0) return '';
  const at = (k) => token.out[k][i];
  const ahead = pair.every((k) => rivals.every((r) => at(k) > at(r)));
  const order = [...pair, ...rivals].sort((a, b) => at(b) - at(a));
  const ranked = list(
    lang,
    order.map((k) => named(lang, k, at(k))),
  );
  const others = list(
    lang,
    rivals.map((k) => schemeName(lang, k)),
  );
  if (lang === 'zh')
    return (
      `在这里，2 倍长度处的逐 token 准确率依次为：${ranked}。` +
      (ahead
        ? `这与他们的结论一致：NoPE 和 T5 都领先于 ${others}。`
        : `这与他们的结论不一致：NoPE 和 T5 并没有都领先于 ${others}。`)
    );
  return (
    `Here, token accuracy at 2× puts them in this order: ${ranked}. ` +
    (ahead
      ? `That agrees with them: NoPE and T5 are both ahead of ${others}.`
      : `That does not agree with them: NoPE and T5 are not both ahead of ${others}.`)
  );
}

/** Ruoss et al. 2023: randomized positions, their change of mean accuracy over 2x..8x per encoding. */
function ruossFact(lang, set) {
  const pairs = set.settings.schemes.filter(
    (k) => k.endsWith('-rand') && set.settings.schemes.includes(k.slice(0, -5)),
  );
  if (!pairs.length) return '';
  const change = (metric, k) => {
    const { out, lengths } = curves(set, metric);
    const past = lengths.map((_, i) => i).filter((i) => lengths[i] >= 2 * set.settings.trainLength);
    const mean = (c) => past.reduce((a, i) => a + c[i], 0) / past.length;
    return mean(out[k]) - mean(out[k.slice(0, -5)]);
  };
  const parts = pairs.map((k) => {
    const base = schemeName(lang, k.slice(0, -5));
    return lang === 'zh'
      ? `${base} ${signed(change('token', k))} 个百分点（完全正确率 ${signed(change('exact', k))}）`
      : `${points(change('token', k))} for ${base} (exact match: ${signed(change('exact', k))})`;
  });
  return lang === 'zh'
    ? `在这里，随机位置使 2 倍到 8 倍长度上的平均逐 token 准确率变化为：${list(lang, parts)}。`
    : `Here, randomized positions change the mean token accuracy from 2× to 8× by ${list(lang, parts)}.`;
}

/** RoPE with each scaling at 2x, against plain RoPE. */
function scalingFact(lang, set) {
  const rope = set.runs.filter((r) => r.scheme === 'rope' && r.scaled);
  if (!rope.length) return '';
  const plain = curves(set, 'token');
  const i = plain.multiple(2);
  const types = Object.keys(rope[0].scaled);
  const scaled = types.map((type) => [type, curves(set, 'token', (r) => r.scaled?.[type]).out.rope[i]]);
  const names = { linear: 'PI', dynamic: 'NTK', yarn: 'YaRN' };
  const items = list(
    lang,
    scaled.map(([type, v]) => (lang === 'zh' ? `${names[type]} ${pct(v)}` : `${pct(v)} with ${names[type]}`)),
  );
  return lang === 'zh'
    ? `2 倍长度处，RoPE 的逐 token 准确率不缩放时为 ${pct(plain.out.rope[i])}，测试时缩放后分别为：${items}。`
    : `At 2×, RoPE's token accuracy is ${pct(plain.out.rope[i])} unscaled, and ${items} applied at test time.`;
}

/** §2: the learned table's token accuracy at 1x and 2x. */
function blindFact(lang, set) {
  const token = curves(set, 'token');
  const c = token.out.learned;
  if (!c) return '';
  const [a, b] = [c[token.multiple(1)], c[token.multiple(2)]];
  return lang === 'zh'
    ? `第 6 节的小模型里，训练式位置表的逐 token 准确率在训练长度上是 ${pct(a)}，到 2 倍长度降到 ${pct(b)}。`
    : `In the tiny models of section 6, the learned table's token accuracy is ${pct(a)} at the training length ` +
        `and ${pct(b)} at twice it.`;
}

/** What the shipped results are: task, lengths, steps, seeds, models and their size, tests. */
function setupFact(lang, set) {
  const s = set.settings,
    lengths = set.runs[0].lengths;
  const [from, to] = [lengths[0], lengths.at(-1)];
  const n = set.runs.length,
    sizes = set.runs.map((r) => r.parameters);
  const [lo, hi] = [Math.min(...sizes), Math.max(...sizes)].map((v) => v.toLocaleString('en-US'));
  const p = lo === hi ? lo : lang === 'zh' ? `${lo} 到 ${hi}` : `${lo} to ${hi}`;
  const task = {
    en: { copy: 'copy', reverse: 'reverse', recall: 'recall' },
    zh: { copy: '复制', reverse: '倒序', recall: '检索' },
  }[lang][s.task];
  return lang === 'zh'
    ? `下面的结果是构建本页时训练的：${task}任务，训练内容长 1 到 ${s.trainLength} 个 token，每个模型训练 ${s.steps} 步，` +
        `种子 1 到 ${s.seeds}，共 ${n} 个模型，每个有 ${p} 个可训练参数；每个模型在 ${from} 到 ${to} 个内容 token 的每个长度上` +
        `各用 ${s.test.samples} 个样本测试。`
    : `The results below were trained when this page was built: the ${task} task with contents of 1 to ` +
        `${s.trainLength} tokens, ${s.steps} steps per model, seeds 1 to ${s.seeds}: ${n} models of ${p} trained ` +
        `parameters each, every one tested on ${s.test.samples} examples per length from ${from} to ${to} ` +
        'content tokens.';
}

const FACTS = {
  setup: setupFact,
  fit: fitFact,
  past: pastFact,
  twice: twiceFact,
  nope: nopeFact,
  kazemnejad: kazemnejadFact,
  ruoss: ruossFact,
  scaling: scalingFact,
  blind: blindFact,
};
export const FACT_KEYS = Object.keys(FACTS);

/** Every fact of a shipped set, in `lang`: { key: sentence } ('' where the set has nothing to say). */
export function labFacts(set, lang) {
  return Object.fromEntries(Object.entries(FACTS).map(([k, f]) => [k, f(lang, set)]));
}
