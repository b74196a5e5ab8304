// Section 1: the sinusoidal table as a positions x dims heatmap.
import { PosencFigure, define } from '../figure.js';
import { Heatmap } from '../heatmap.js';

export class SinusoidalHeatmap extends PosencFigure {
  static tag = 'posenc-sinusoidal-heatmap';
  static strings = {
    en: {
      sin_title: 'PE(pos, i): one row per position, one column per dimension',
    },
    zh: {
      sin_title: 'PE(pos, i)：每行一个位置，每列一个维度',
    },
  };
  title_() {
    return this.t('sin_title');
  }
  setup() {
    this.control('positions', this.t('positions'));
    this.control('dim', this.t('dim'));
    this.control('base', this.t('base'));
    this.hm = new Heatmap({
      scheme: 'rdbu',
      xLabel: this.t('dimension'),
      yLabel: this.t('position'),
      aspect: 0.62,
      maxHeight: 460,
    });
    this.body.append(this.hm.el);
  }
  async update(p) {
    const r = await this.compute('sinusoidal', p);
    this.hm.set({
      data: r.data,
      rows: p.positions,
      cols: p.dim,
      domain: [-1, 1],
      opts: {
        name: `sinusoidal_${p.positions}x${p.dim}_base${p.base}`,
        describe: (i, j, v, e) => `PE(pos ${i}, ${j}) = ${j % 2 ? 'cos' : 'sin'}(${i}·θ_${j >> 1}) = ${e}`,
      },
    });
    this.redraw();
  }
  redraw() {
    this.hm.draw(this.width);
  }
}
define(SinusoidalHeatmap);
