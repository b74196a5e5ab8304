// Section 6d: error of cos/sin (or the angle) against float64, by position up to 2^24, per precision variant.
import { PosencFigure, define } from '../figure.js';
import { LinePlot } from '../lineplot.js';
import { h } from '../dom.js';

const VARIANTS = { float32: '#0072B2', bfloat16: '#D55E00', float16: '#E69F00', 'bfloat16-angle': '#CC79A7', 'float16-angle': '#56B4E9', library: '#009E73' };

export class PrecisionLab extends PosencFigure {
  static tag = 'posenc-precision-lab';
  title_() { return this.t('prec_title'); }
  setup() {
    this.control('measure', this.t('measure'), { names: (v) => this.t(`m_${v}`) });
    this.control('dim', this.t('dim'));
    this.control('base', this.t('base'));
    this.plot = new LinePlot({ xLabel: this.t('position'), yLabel: '|error|', height: 300, xLog: true, yLog: true, name: 'rope_precision' });
    this.body.append(this.plot.el, h('p', { class: 'note', text: this.t('prec_note') }));
    this.key = '';
  }
  async update(p) {
    const key = `${p.dim}/${p.base}`;
    if (key !== this.key) { this.r = await this.compute('precisionLab', { dim: p.dim, base: p.base }); this.key = key; }
    const r = this.r;
    this.plot.set({
      xs: r.positions,
      series: Object.entries(VARIANTS).map(([v, color]) => ({ name: this.t(`v_${v}`), values: r.variants[v][p.measure], color, width: v === 'library' ? 2.4 : 1.5, dash: v.endsWith('-angle') ? '5 3' : undefined })),
      markers: [{ x: 65504, label: 'fp16 max' }],
      opts: { name: `rope_precision_${p.measure}_d${p.dim}` },
    });
    this.redraw();
  }
  redraw() { this.plot.draw(this.widthOf(this.plot.el) || this.width); }
}
define(PrecisionLab);
