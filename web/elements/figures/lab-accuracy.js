// Section 6, the lab's main result: accuracy against test length, from the training length to 8 times it, one
// curve per scheme (the mean over seeds, a band from the lowest seed to the highest), and RoPE again with
// position interpolation, NTK and YaRN applied at test time. A table gives the same numbers.
import { define } from '../figure.js';
import { LabFigure } from '../lab-figure.js';
import { BandPlot } from '../lab-plot.js';
import { schemeName, schemeStyle, SCALING_STYLE } from '../lab-strings.js';
import { answerTokens } from '../lab-job.js';
import { sourceText } from './lab-loss.js';
import { h } from '../dom.js';

/** A run's accuracy per length, as shares: exact matches or right tokens (`counts` from its result). */
export function shares(counts, metric, settings, lengths) {
  const { samples } = settings.test;
  return counts[metric].map(
    (c, i) => c / (metric === 'exact' ? samples : samples * answerTokens(settings.task, lengths[i])),
  );
}

/** Mean, lowest and highest over runs, per length. */
export function spread(rows) {
  const n = rows[0]?.length ?? 0;
  const at = (i) => rows.map((r) => r[i]);
  return {
    mean: Array.from({ length: n }, (_, i) => at(i).reduce((a, b) => a + b, 0) / rows.length),
    lo: Array.from({ length: n }, (_, i) => Math.min(...at(i))),
    hi: Array.from({ length: n }, (_, i) => Math.max(...at(i))),
  };
}

const pct = (v) => `${Math.round(v * 100)}`;

export class LabAccuracy extends LabFigure {
  static tag = 'posenc-lab-accuracy';
  static strings = {
    en: {
      title: 'Accuracy past the training length',
      metric: 'measure',
      scalings: 'RoPE with test-time scaling',
      scalings_on: 'shown',
      scalings_off: 'hidden',
      all_schemes: 'Every scheme (band: lowest to highest seed)',
      rope_scaled: 'RoPE, scaled at test time',
      scaled_note:
        'PI, NTK and YaRN are applied to the trained RoPE model at test time, without retraining, with ' +
        'factor s = test length / training length (s = 1 at the training length, where nothing changes).',
      table: 'Accuracy in % (mean over seeds) at each multiple of the training length',
      scheme: 'scheme',
      training: 'training',
    },
    zh: {
      title: '超出训练长度之后的准确率',
      metric: '指标',
      scalings: 'RoPE 测试时缩放',
      scalings_on: '显示',
      scalings_off: '隐藏',
      all_schemes: '所有方案（色带：最差到最好的种子）',
      rope_scaled: 'RoPE，测试时缩放',
      scaled_note:
        'PI、NTK 和 YaRN 在测试时直接用于训练好的 RoPE 模型，不重新训练；缩放倍数 s = 测试长度 / 训练长度' +
        '（在训练长度处 s = 1，模型不变）。',
      table: '在训练长度各倍数处的准确率（%，各种子的平均）',
      scheme: '方案',
      training: '训练',
    },
  };
  title_() {
    return this.t('title');
  }
  setup() {
    this.control('metric', this.t('metric'), { names: (v) => this.t(v) });
    this.control('scalings', this.t('scalings'), { names: (v) => this.t(`scalings_${v}`) });
    // `highlight` has no control: the page's links from §2 and §3 set it (and the URL keeps it)
    this.source = h('p', { class: 'lab-source' });
    this.empty = h('p', { class: 'note' });
    // the label names a plot in the figure's download menu
    const plot = (name, label) => new BandPlot({ xLabel: this.t('test_length'), height: 240, name, label });
    this.all = plot('lab_accuracy', this.t('all_schemes'));
    this.rope = plot('lab_accuracy_rope_scaled', this.t('rope_scaled'));
    this.ropePanel = h(
      'div',
      { class: 'lab-panel' },
      h('div', { class: 'lab-ptitle', text: this.t('rope_scaled') }),
      this.rope.el,
    );
    this.panels = h(
      'div',
      { class: 'lab-panels' },
      h('div', { class: 'lab-panel' }, h('div', { class: 'lab-ptitle', text: this.t('all_schemes') }), this.all.el),
      this.ropePanel,
    );
    this.scaledNote = h('p', { class: 'note', text: this.t('scaled_note') });
    this.tableWrap = h('div', {
      class: 'tablewrap lab-table',
      tabindex: '0',
      role: 'region',
      'aria-label': this.t('table'),
    });
    this.body.append(this.source, this.empty, this.panels, this.scaledNote, this.tableWrap);
  }

  async update(p) {
    await this.session.shipped();
    const v = this.session.view();
    const runs = v.runs.filter((r) => r.result);
    const shown = runs.length > 0;
    this.source.textContent = shown ? sourceText(this, v) : '';
    this.empty.textContent = shown ? '' : this.t('no_results');
    this.panels.hidden = this.tableWrap.hidden = this.scaledNote.hidden = !shown;
    if (!shown) return;
    const s = v.settings,
      lengths = runs[0].result.lengths;
    const yLabel = this.t(p.metric);
    const curves = s.schemes
      .map((scheme) => [
        scheme,
        runs.filter((r) => r.scheme === scheme).map((r) => shares(r.result, p.metric, s, lengths)),
      ])
      .filter(([, rows]) => rows.length)
      .map(([scheme, rows]) => ({ scheme, ...spread(rows), ...schemeStyle(scheme) }));
    const marker = [{ x: s.trainLength, label: `${this.t('training')} L = ${s.trainLength}` }];
    // the test lengths are multiples of L: on a log axis each step past it gets its own room, where a linear one
    // crowded 1x to 2x into the first seventh of the plot
    const opts = { name: `lab_${p.metric}_${s.task}_L${s.trainLength}`, yLabel, xLog: true, xTicks: lengths };
    this.all.set({
      xs: lengths,
      yDomain: [0, 1],
      markers: marker,
      series: curves.map((c) => ({
        name: schemeName(this.locale, c.scheme),
        values: c.mean,
        color: c.color,
        dash: c.dash,
        width: p.highlight === c.scheme ? 3.4 : 1.7,
      })),
      bands: curves.filter((c) => !c.dash).map((c) => ({ lo: c.lo, hi: c.hi, color: c.color })),
      opts,
    });
    const rope = this.ropeCurves(runs, p, s, lengths);
    this.ropePanel.hidden = this.scaledNote.hidden = !rope;
    if (rope)
      this.rope.set({
        xs: lengths,
        yDomain: [0, 1],
        markers: marker,
        ...rope,
        opts: { ...opts, name: `${opts.name}_rope` },
      });
    this.table(curves, lengths, s, p);
    this.redraw();
  }

  /** RoPE's own curve and its three test-time scalings, or null when RoPE was not trained or they are off. */
  ropeCurves(runs, p, s, lengths) {
    const rope = runs.filter((r) => r.scheme === 'rope' && r.result.scaled);
    if (p.scalings !== 'on' || !rope.length) return null;
    const line = (name, rows, style) => ({ name, ...spread(rows), ...style });
    const lines = [
      line(
        schemeName(this.locale, 'rope'),
        rope.map((r) => shares(r.result, p.metric, s, lengths)),
        schemeStyle('rope'),
      ),
      ...Object.keys(rope[0].result.scaled).map((type) =>
        line(
          `RoPE + ${this.t(`sc_${type}`)}`,
          rope.map((r) => shares(r.result.scaled[type], p.metric, s, lengths)),
          SCALING_STYLE[type],
        ),
      ),
    ];
    return {
      series: lines.map((l) => ({ name: l.name, values: l.mean, color: l.color, dash: l.dash, width: 1.7 })),
      bands: [{ lo: lines[0].lo, hi: lines[0].hi, color: lines[0].color }],
    };
  }

  table(curves, lengths, s, p) {
    const head = h(
      'tr',
      {},
      h('th', { class: 'rh', scope: 'col', text: this.t('scheme') }),
      lengths.map((n) => h('th', { scope: 'col', text: `${n / s.trainLength}× (${n})` })),
    );
    const rows = curves.map((c) =>
      h(
        'tr',
        { class: p.highlight === c.scheme ? 'hl' : null, 'data-scheme': c.scheme },
        h('th', { class: 'rh', scope: 'row', text: schemeName(this.locale, c.scheme) }),
        c.mean.map((m) => h('td', { text: pct(m) })),
      ),
    );
    this.tableWrap.replaceChildren(
      h(
        'table',
        {},
        h('caption', { class: 'note', text: `${this.t('table')} · ${this.t(p.metric)}` }),
        h('thead', {}, head),
        h('tbody', {}, rows),
      ),
    );
  }

  redraw() {
    if (this.panels.hidden) return;
    const w = this.widthOf(this.panels) || this.bodyWidth;
    const each = w >= 2 * 280 + 16 && !this.ropePanel.hidden ? (w - 16) / 2 : w;
    this.all.draw(each);
    if (!this.ropePanel.hidden) this.rope.draw(each);
  }
}
define(LabAccuracy);
