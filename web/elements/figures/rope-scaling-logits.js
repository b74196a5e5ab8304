// Section 6b: the RoPE logit against distance up to 4 x the training length, before and after scaling.
import { PosencFigure, define } from '../figure.js';
import { LinePlot } from '../lineplot.js';
import { h } from '../dom.js';
import { exact } from '../format.js';
import { SCALING_COLORS } from './rope-scaling-frequencies.js';

export class RopeScalingLogits extends PosencFigure {
  static tag = 'posenc-rope-scaling-logits';
  title_() { return this.t('logit_title'); }
  setup() {
    this.control('scaling', this.t('scaling'), { names: (v) => this.t(`sc_${v}`) });
    this.control('content', this.t('content'), { names: (v) => this.t(`content_${v}`) });
    this.control('dim', this.t('dim'));
    this.control('base', this.t('base'));
    this.control('factor', this.t('factor'));
    this.control('original', this.t('original'));
    this.control('seed', this.t('seed'));
    this.plot = new LinePlot({ xLabel: this.t('distance'), yLabel: 'logit', height: 260, name: 'rope_scaling_logits' });
    this.info = h('p', { class: 'note' });
    this.body.append(this.plot.el, this.info, h('p', { class: 'note', text: this.t('logit_note') }));
  }
  async update(p) {
    const r = await this.compute('ropeScalingLogits', p);
    this.plot.set({
      series: [{ name: this.t('before'), values: r.before, color: 'var(--muted)', width: 1.1 },
        { name: `${this.t(`sc_${p.scaling}`)} (s = ${p.factor})`, values: r.after, color: SCALING_COLORS[p.scaling], width: 1.4 }],
      markers: [{ x: p.original, label: `L = ${p.original}` }],
      opts: { name: `rope_logits_${p.scaling}_s${p.factor}_L${p.original}` },
    });
    this.info.textContent = `${this.t('attn')}: ${exact(r.attention)}`;
    this.redraw();
  }
  redraw() { this.plot.draw(this.widthOf(this.plot.el) || this.width); }
}
define(RopeScalingLogits);
