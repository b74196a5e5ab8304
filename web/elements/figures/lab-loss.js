// Section 6, the lab's loss curves: one curve per scheme, the mean over seeds of the training loss (every
// 10 steps averaged), drawn as the Workers train, or from the results shipped with the page.
import { define } from '../figure.js';
import { LabFigure } from '../lab-figure.js';
import { LinePlot } from '../lineplot.js';
import { schemeName, schemeStyle } from '../lab-strings.js';
import { h } from '../dom.js';

/** Per bin, the mean over the runs that have reached it. */
export function meanCurve(curves) {
  const n = Math.max(0, ...curves.map((c) => c.length));
  return Array.from({ length: n }, (_, i) => {
    const have = curves.filter((c) => i < c.length).map((c) => c[i]);
    return have.reduce((a, b) => a + b, 0) / have.length;
  });
}

/** The line under a lab figure that says where its numbers come from. */
export function sourceText(fig, v) {
  const what = { shipped: 'source_shipped', running: 'source_running', stopped: 'source_stopped' }[v.source];
  return (
    `${fig.t(what ?? 'source_live')} · ${fig.t(`task_${v.settings.task}`)} · ${fig.t('train_at')} ` +
    `${v.settings.trainLength} · ${fig.t('seeds_of')(v.settings.seeds)}`
  );
}

export class LabLoss extends LabFigure {
  static tag = 'posenc-lab-loss';
  static strings = {
    en: { title: 'Training loss, one curve per scheme', scale: 'loss axis', scale_log: 'log', scale_linear: 'linear' },
    zh: { title: '训练损失，每种方案一条曲线', scale: '损失坐标轴', scale_log: '对数', scale_linear: '线性' },
  };
  title_() {
    return this.t('title');
  }
  setup() {
    this.control('scale', this.t('scale'), { names: (v) => this.t(`scale_${v}`) });
    this.source = h('p', { class: 'lab-source' });
    this.empty = h('p', { class: 'note' });
    this.plot = new LinePlot({ xLabel: this.t('step'), yLabel: this.t('loss'), height: 240, name: 'lab_loss' });
    this.body.append(this.source, this.empty, this.plot.el);
  }
  async update(p) {
    await this.session.shipped();
    const v = this.session.view();
    this.source.textContent = v.runs.length ? sourceText(this, v) : '';
    this.empty.textContent = v.runs.length ? '' : this.t('no_results');
    this.plot.el.hidden = !v.runs.length;
    if (!v.runs.length) return;
    const bin = v.settings.test.lossBin;
    const series = v.settings.schemes.map((scheme) => ({
      name: schemeName(this.locale, scheme),
      values: meanCurve(v.runs.filter((r) => r.scheme === scheme).map((r) => r.loss)),
      ...schemeStyle(scheme),
      width: 1.6,
    }));
    // the x axis spans the whole training from the first slice on: the curves grow into it (unset values are
    // not drawn, and read as "–")
    const n = Math.max(1, Math.floor(v.settings.steps / bin), ...series.map((q) => q.values.length));
    for (const q of series) q.values.length = n;
    this.plot.set({
      series,
      xs: Array.from({ length: n }, (_, i) => (i + 1) * bin),
      opts: { yLog: p.scale === 'log', name: `lab_loss_${v.settings.task}_L${v.settings.trainLength}` },
    });
    this.redraw();
  }
  redraw() {
    if (!this.plot.el.hidden) this.plot.draw(this.widthOf(this.plot.el) || this.bodyWidth);
  }
}
define(LabLoss);
