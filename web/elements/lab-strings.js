// Strings shared by the lab's figures, in English and Chinese (each figure's own sit beside its class). Kept
// out of i18n.js so that the core embed does not carry them.
import { LAB_ENCODINGS, RANDOMIZED } from './lab-defaults.js';

export const LAB_STRINGS = {
  en: {
    enc_none: 'NoPE',
    enc_sinusoidal: 'sinusoidal',
    enc_learned: 'learned',
    enc_relative: 'relative (DeBERTa)',
    enc_rope: 'RoPE',
    enc_alibi: 'ALiBi',
    enc_t5: 'T5 bias',
    randomized: 'randomized',
    task_copy: 'copy',
    task_reverse: 'reverse',
    task_recall: 'recall (key → value)',
    sc_linear: 'PI (linear)',
    sc_dynamic: 'NTK (dynamic)',
    sc_yarn: 'YaRN',
    step: 'training step',
    loss: 'loss (cross-entropy)',
    test_length: 'test length (content tokens)',
    exact: 'exact match',
    token: 'token accuracy',
    train_at: 'trained up to',
    no_results: 'No results for these settings yet: press Train above to train them in this browser.',
    no_shipped: 'The shipped results could not be loaded',
    seeds_of: (n) => (n === 1 ? 'seed 1' : `mean of seeds 1–${n}`),
    source_shipped: 'Shipped results, trained when the page was built',
    source_live: 'Trained in this browser',
    source_running: 'Training in this browser…',
    source_stopped: 'Stopped: what was trained before Stop',
  },
  zh: {
    enc_none: 'NoPE（无位置编码）',
    enc_sinusoidal: '正余弦',
    enc_learned: '训练式',
    enc_relative: '相对（DeBERTa）',
    enc_rope: 'RoPE',
    enc_alibi: 'ALiBi',
    enc_t5: 'T5 偏置',
    randomized: '随机位置',
    task_copy: '复制',
    task_reverse: '倒序',
    task_recall: '检索（键 → 值）',
    sc_linear: 'PI（线性插值）',
    sc_dynamic: 'NTK（动态）',
    sc_yarn: 'YaRN',
    step: '训练步数',
    loss: '损失（交叉熵）',
    test_length: '测试长度（内容 token 数）',
    exact: '完全正确率',
    token: '逐 token 准确率',
    train_at: '训练长度',
    no_results: '这组设置还没有结果：点上方的“训练”，在这个浏览器里训练。',
    no_shipped: '预先计算的结果加载失败',
    seeds_of: (n) => (n === 1 ? '种子 1' : `种子 1–${n} 的平均`),
    source_shipped: '随页面发布的结果，构建页面时训练',
    source_live: '在这个浏览器里训练的结果',
    source_running: '正在这个浏览器里训练…',
    source_stopped: '已停止：停止之前训练出的部分',
  },
};

/** A scheme's name: 'rope-rand' -> "RoPE + randomized". */
export function schemeName(lang, scheme) {
  const s = LAB_STRINGS[lang] ?? LAB_STRINGS.en;
  const randomized = scheme.endsWith(RANDOMIZED);
  const base = s[`enc_${randomized ? scheme.slice(0, -RANDOMIZED.length) : scheme}`] ?? scheme;
  return randomized ? `${base} + ${s.randomized}` : base;
}

// One colour per encoding (Okabe–Ito, colour-blind safe; NoPE in the text colour), the randomized variant
// of an encoding in its colour, dashed.
const COLORS = ['var(--fg)', '#E69F00', '#009E73', '#CC79A7', '#0072B2', '#D55E00', '#56B4E9'];
export function schemeStyle(scheme) {
  const randomized = scheme.endsWith(RANDOMIZED);
  const base = randomized ? scheme.slice(0, -RANDOMIZED.length) : scheme;
  return { color: COLORS[LAB_ENCODINGS.indexOf(base)] ?? 'var(--muted)', dash: randomized ? '5 3' : null };
}

/** The scalings' colours, as in the long-context figures (rope-scaling-frequencies.js), each with a dash of
 *  its own so that colour is not the only cue. */
export const SCALING_STYLE = {
  linear: { color: '#E69F00', dash: '2 3' },
  dynamic: { color: '#009E73', dash: '6 3' },
  yarn: { color: '#D55E00', dash: '8 3 2 3' },
};

/** A token as a short label: 0 is the separator; copy and reverse draw symbols 1..n (letters); recall's keys
 *  are 1..32 (letters) and its values 33..48 (digits and a–f after a #). */
export function tokenLabel(task, t) {
  if (t === 0) return '|';
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+*';
  if (task === 'recall' && t > 32) return `#${(t - 33).toString(16)}`;
  return letters[t - 1] ?? String(t);
}
