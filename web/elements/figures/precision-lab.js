// Section 6d: error of cos/sin (or the angle) against float64, by position up to 2^24, per precision variant.
import { PosencFigure, define } from '../figure.js';
import { LinePlot } from '../lineplot.js';
import { h } from '../dom.js';

const VARIANTS = {
  float32: '#0072B2',
  bfloat16: '#D55E00',
  float16: '#E69F00',
  'bfloat16-angle': '#CC79A7',
  'float16-angle': '#56B4E9',
  library: '#009E73',
};

export class PrecisionLab extends PosencFigure {
  static tag = 'posenc-precision-lab';
  static strings = {
    en: {
      prec_title: 'Error of cos/sin tables against float64, by position',
      measure: 'error of',
      m_cos: 'cos',
      m_sin: 'sin',
      m_angle: 'angle (mod 2π)',
      prec_note:
        'Largest error over the pairs at each position. float32: one float32 product pos·θ; bfloat16 / ' +
        'float16: float32 cos/sin rounded to the type; “-angle”: position and angle rounded to the type too ' +
        '(float16 positions from 65520 are infinite: no value). Zero errors are not drawn on the log axis.',
      v_float32: 'float32',
      v_bfloat16: 'bfloat16 table',
      v_float16: 'float16 table',
      'v_bfloat16-angle': 'bfloat16 angle',
      'v_float16-angle': 'float16 angle',
      v_library: 'posenc (accurate path)',
      abs_err: '|error|',
    },
    zh: {
      prec_title: 'cos/sin 表相对 float64 的误差随位置变化',
      measure: '误差对象',
      m_cos: 'cos',
      m_sin: 'sin',
      m_angle: '角度（模 2π）',
      prec_note:
        '每个位置取所有维度对中的最大误差。float32：pos·θ 用一次 float32 乘法；bfloat16 / float16：float32 的 cos/sin ' +
        '再舍入到该类型；“angle”变体：位置和角度也舍入到该类型（float16 在 65520 及以上为无穷大，没有取值）。误差为零的点在对数坐标上不画出。',
      v_float32: 'float32',
      v_bfloat16: 'bfloat16 表',
      v_float16: 'float16 表',
      'v_bfloat16-angle': 'bfloat16 角度',
      'v_float16-angle': 'float16 角度',
      v_library: 'posenc（精确路径）',
      abs_err: '|误差|',
    },
  };
  title_() {
    return this.t('prec_title');
  }
  setup() {
    this.control('measure', this.t('measure'), { names: (v) => this.t(`m_${v}`) });
    this.control('dim', this.t('dim'));
    this.control('base', this.t('base'));
    this.plot = new LinePlot({
      xLabel: this.t('position'),
      yLabel: this.t('abs_err'),
      height: 300,
      xLog: true,
      yLog: true,
      name: 'rope_precision',
    });
    this.body.append(this.plot.el, h('p', { class: 'note', text: this.t('prec_note') }));
    this.key = '';
  }
  async update(p) {
    const key = `${p.dim}/${p.base}`;
    if (key !== this.key) {
      this.r = await this.compute('precisionLab', { dim: p.dim, base: p.base });
      this.key = key;
    }
    const r = this.r;
    this.plot.set({
      xs: r.positions,
      series: Object.entries(VARIANTS).map(([v, color]) => ({
        name: this.t(`v_${v}`),
        values: r.variants[v][p.measure],
        color,
        width: v === 'library' ? 2.4 : 1.5,
        dash: v.endsWith('-angle') ? '5 3' : undefined,
      })),
      markers: [{ x: 65504, label: 'fp16 max' }],
      opts: { name: `rope_precision_${p.measure}_d${p.dim}` },
    });
    this.redraw();
  }
  redraw() {
    this.plot.draw(this.widthOf(this.plot.el) || this.bodyWidth);
  }
}
define(PrecisionLab);
