// Section 6, the lab's controls: the task, the schemes, the training length, steps and seeds, and Train and
// Stop. Training runs in a pool of Web Workers (one run each, up to four at once); the other lab figures on
// the page draw what it trains, or the results shipped with the page for the same settings.
import { define } from '../figure.js';
import { LabFigure } from '../lab-figure.js';
import { LAB_ENCODINGS, LAB_MODEL, RANDOMIZED } from '../lab-defaults.js';
import { schemeName, schemeStyle } from '../lab-strings.js';
import { poolSize } from '../lab-pool.js';
import { h } from '../dom.js';
import { errorBox } from '../error-text.js';

const seconds = (ms) => `${(ms / 1000).toFixed(ms < 10000 ? 1 : 0)} s`;

export class LabControls extends LabFigure {
  static tag = 'posenc-lab-controls';
  static strings = {
    en: {
      title: 'Train tiny transformers in your browser',
      task: 'task',
      schemes: 'positional schemes',
      randomized_legend: 'the same, trained on randomized positions (Ruoss et al. 2023)',
      trainLength: 'training length',
      steps: 'training steps',
      seeds: 'seeds',
      train: 'Train',
      retrain: 'Retrain',
      stop: 'Stop',
      back: 'Show the shipped results',
      progress: 'training progress',
      plan: (runs, steps, workers) =>
        `${runs} models of ${steps} steps each (every scheme × every seed), ${workers} at a time in Web Workers.`,
      model: (m) =>
        `Each model: ${m.layers} layers, width ${m.dim}, ${m.heads} heads, batches of ${m.batch}, AdamW at ` +
        `${m.learningRate}${m.cosineDecay ? ' with a cosine decay' : ''}.`,
      shipped: (lib) =>
        `Shown: the results shipped with the page, trained at build time by the same wasm (posenc ${lib.version}, ` +
        `${lib.flavour}) with these settings and seeds. Retrain reproduces them here.`,
      none: 'These settings have no results yet: Train trains them here.',
      running: (done, runs, pct, time) => `Training: ${done} of ${runs} models done, ${pct} % of the steps, ${time}.`,
      started: (runs, workers) => `Training ${runs} models on ${workers} Workers.`,
      done: (runs, time) => `Trained ${runs} models in ${time}.`,
      stopped: (done, runs, time) => `Stopped after ${time}; ${done} of ${runs} models had finished.`,
      match: (n) =>
        `Your browser reproduced the shipped results: all ${n} counts (exact answers and right tokens, per ` +
        `scheme, seed and length) are equal.`,
      differ: (k, n, d) =>
        `${k} of ${n} counts differ from the shipped ones, by at most ${d}. The SIMD and scalar builds of the ` +
        `wasm may round the last bits of a float differently, and a tie in the model's answer can then go the ` +
        `other way.`,
      failed: 'Training failed: ',
    },
    zh: {
      title: '在浏览器里训练小型 Transformer',
      task: '任务',
      schemes: '位置编码方案',
      randomized_legend: '同样的方案，改用随机位置训练（Ruoss 等，2023）',
      trainLength: '训练长度',
      steps: '训练步数',
      seeds: '随机种子数',
      train: '训练',
      retrain: '重新训练',
      stop: '停止',
      back: '显示随页面发布的结果',
      progress: '训练进度',
      plan: (runs, steps, workers) =>
        `共 ${runs} 个模型（每种方案 × 每个种子），每个训练 ${steps} 步，在 Web Worker 中同时训练 ${workers} 个。`,
      model: (m) =>
        `每个模型：${m.layers} 层，宽度 ${m.dim}，${m.heads} 个头，批大小 ${m.batch}，AdamW，学习率 ` +
        `${m.learningRate}${m.cosineDecay ? '，余弦衰减' : ''}。`,
      shipped: (lib) =>
        `当前显示的是随页面发布的结果：构建页面时用同一个 wasm（posenc ${lib.version}，${lib.flavour}）、` +
        `同样的设置和种子训练得到。点“重新训练”可在这里复现。`,
      none: '这组设置还没有结果：点“训练”在这里训练。',
      running: (done, runs, pct, time) =>
        `训练中：${runs} 个模型已完成 ${done} 个，完成了 ${pct}% 的步数，用时 ${time}。`,
      started: (runs, workers) => `开始训练 ${runs} 个模型，使用 ${workers} 个 Worker。`,
      done: (runs, time) => `${runs} 个模型训练完毕，用时 ${time}。`,
      stopped: (done, runs, time) => `已在 ${time} 后停止；${runs} 个模型中有 ${done} 个已训练完。`,
      match: (n) =>
        `你的浏览器复现了随页面发布的结果：全部 ${n} 个计数（每种方案、种子和长度下完全答对的样本数与答对的 token 数）都相同。`,
      differ: (k, n, d) =>
        `${n} 个计数中有 ${k} 个与发布的结果不同，最多相差 ${d}。wasm 的 SIMD 版与标量版在浮点数的最后几位上` +
        `可能舍入不同，模型的回答恰好打平时就可能落到另一边。`,
      failed: '训练失败：',
    },
  };
  title_() {
    return this.t('title');
  }
  setup() {
    this.control('task', this.t('task'), { names: (v) => this.t(`task_${v}`) });
    this.controls.schemes = this.schemeBoxes();
    this.control('trainLength', this.t('trainLength'));
    this.control('steps', this.t('steps'));
    this.control('seeds', this.t('seeds'));
    this.trainBtn = h('button', { type: 'button', class: 'primary', onclick: () => this.onTrain() });
    this.stopBtn = h('button', {
      type: 'button',
      class: 'secondary',
      text: this.t('stop'),
      onclick: () => this.onStop(),
    });
    this.backBtn = h('button', {
      type: 'button',
      class: 'secondary',
      text: this.t('back'),
      hidden: true,
      onclick: () => this.session.showShipped(),
    });
    this.bar = h('progress', { max: 1, value: 0, 'aria-label': this.t('progress') });
    this.count = h('p', { class: 'lab-status' });
    this.live = h('p', { class: 'lab-status', role: 'status' });
    this.match = h('p', { class: 'lab-match', role: 'status' });
    this.errorSlot = h('div');
    this.plan = h('p', { class: 'note' });
    this.body.append(
      h('div', { class: 'lab-row' }, this.trainBtn, this.stopBtn, this.bar, this.backBtn),
      this.count,
      this.live,
      this.match,
      this.errorSlot,
      this.plan,
      h('p', { class: 'note', text: this.t('model')(LAB_MODEL) }),
    );
  }

  /** Two groups of checkboxes (the encodings, then their randomized variants), one parameter: `schemes`. */
  schemeBoxes() {
    const boxes = new Map();
    const group = (legend, schemes) =>
      h(
        'fieldset',
        { class: 'schemes' },
        h('legend', { text: legend }),
        h(
          'div',
          { class: 'checks' },
          schemes.map((scheme) => {
            const box = h('input', { type: 'checkbox', value: scheme, onchange: () => pick() });
            boxes.set(scheme, box);
            const { color, dash } = schemeStyle(scheme);
            const swatch = h('span', { class: `swatch${dash ? ' dash' : ''}`, 'aria-hidden': 'true' });
            swatch.style.borderTopColor = color;
            return h('label', {}, box, swatch, schemeName(this.locale, scheme));
          }),
        ),
      );
    const pick = () => {
      const chosen = [...boxes].filter(([, b]) => b.checked).map(([s]) => s);
      if (!chosen.length) return set(this.params.schemes); // at least one scheme
      this.setParam('schemes', chosen.join(','));
    };
    const set = (value) => {
      const on = value.split(',');
      for (const [scheme, box] of boxes) box.checked = on.includes(scheme);
    };
    this.controlsEl.append(
      group(this.t('schemes'), LAB_ENCODINGS),
      group(
        this.t('randomized_legend'),
        LAB_ENCODINGS.slice(1).map((e) => e + RANDOMIZED),
      ),
    );
    set(this.params.schemes);
    this.controlLabels.schemes = {
      label: this.t('schemes'),
      names: (v) =>
        v
          .split(',')
          .map((s) => schemeName(this.locale, s))
          .join(', '),
    };
    return { set, boxes };
  }

  onTrain() {
    if (this.session.running) return;
    this.session.train();
    const v = this.session.view();
    this.live.textContent = this.t('started')(v.runs.length, Math.min(poolSize(), v.runs.length));
    this.match.textContent = '';
  }
  onStop() {
    this.session.stop();
  }

  async update(p) {
    this.session.configure({ ...p, schemes: p.schemes.split(',') });
    await this.session.shipped();
    this.show(this.session.view());
  }

  show(v) {
    const running = v.source === 'running';
    const runs = v.runs.length || v.settings.schemes.length * v.settings.seeds;
    this.dataset.state = v.source ?? 'none';
    this.dataset.progress = String(this.session.progressCount);
    this.trainBtn.textContent = this.t(v.shipped ? 'retrain' : 'train');
    this.trainBtn.setAttribute('aria-disabled', String(running));
    this.stopBtn.setAttribute('aria-disabled', String(!running));
    this.backBtn.hidden = !(v.shipped && v.live && !running);
    // the settings hold still while they train
    for (const el of this.controlsEl.querySelectorAll('input, button')) el.disabled = running;
    const done = v.runs.filter((r) => r.result).length;
    const time = v.live ? seconds((v.live.finished ?? performance.now()) - v.live.started) : '';
    this.bar.max = v.progress?.total || 1;
    this.bar.value = v.progress ? v.progress.done : v.source === 'shipped' ? 1 : 0;
    this.count.textContent = running
      ? this.t('running')(done, runs, Math.floor((100 * v.progress.done) / v.progress.total), time)
      : '';
    this.plan.textContent = this.t('plan')(runs, v.settings.steps, Math.min(poolSize(), runs));
    this.showOutcome(v, done, runs, time);
  }

  showOutcome(v, done, runs, time) {
    const { live, source } = v;
    if (source === 'shipped') this.live.textContent = this.t('shipped')(this.session.shippedData.library);
    else if (source === null) this.live.textContent = this.t('none');
    else if (source === 'done') this.live.textContent = this.t('done')(runs, time);
    else if (source === 'stopped') this.live.textContent = this.t('stopped')(done, runs, time);
    const c = source === 'done' ? live.compare : null;
    this.dataset.match = c ? (c.differ ? 'differ' : 'equal') : '';
    this.match.className = `lab-match ${c ? (c.differ ? 'bad' : 'ok') : ''}`;
    this.match.textContent = c
      ? c.differ
        ? this.t('differ')(c.differ, c.total, c.maxDiff)
        : this.t('match')(c.total)
      : '';
    const error =
      live?.error ??
      (v.error && !v.live ? { name: 'Error', message: `${this.t('no_shipped')}: ${v.error.message}` } : null);
    this.errorSlot.replaceChildren(
      ...(error ? [errorBox(this.locale, error, { lead: live?.error ? this.t('failed') : '' })] : []),
    );
  }
}
define(LabControls);
