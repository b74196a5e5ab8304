// Section 6b: the RoPE logit against distance up to 4 x the training length, before and after scaling.
import { PosencFigure, define } from '../figure.js';
import { LinePlot } from '../lineplot.js';
import { h } from '../dom.js';
import { num } from '../format.js';
import { SCALING_COLORS } from './rope-scaling-frequencies.js';

export class RopeScalingLogits extends PosencFigure {
  static tag = 'posenc-rope-scaling-logits';
  static strings = {
    en: {
      scaling: 'scaling',
      logit_title: 'Logit against distance, up to 4 × the training length',
      logit_note:
        'Scaled curve: the library rotates the same q at positions 0…4L−1 and k at 0 with the scaling ' +
        '(attention factor included) and takes the dot products; unscaled: ropeScoreByDistance.',
    },
    zh: {
      scaling: '缩放方式',
      logit_title: 'logit 随距离变化，直到训练长度的 4 倍',
      logit_note:
        '缩放后的曲线：库把同一个 q 放在位置 0…4L−1、k 放在位置 0，按缩放方式旋转（含注意力系数），再求点积；不缩放的曲线来自 ropeScoreByDistance。',
    },
  };
  title_() {
    return this.t('logit_title');
  }
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
      series: [
        { name: this.t('before'), values: r.before, color: 'var(--muted)', width: 1.1 },
        {
          name: `${this.t(`sc_${p.scaling}`)} (s = ${p.factor})`,
          values: r.after,
          color: SCALING_COLORS[p.scaling],
          width: 1.4,
        },
      ],
      markers: [{ x: p.original, label: `L = ${p.original}` }],
      opts: { name: `rope_logits_${p.scaling}_s${p.factor}_L${p.original}` },
    });
    this.info.textContent = `${this.t('attn')}: ${num(r.attention)}`;
    this.redraw();
  }
  redraw() {
    this.plot.draw(this.widthOf(this.plot.el) || this.bodyWidth);
  }
}
define(RopeScalingLogits);
