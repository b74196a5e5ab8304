// Section 1: the sinusoidal table as a positions x dims heatmap, with rows mark-m (solid) and mark-n (dashed)
// outlined (-1: none). The page sets them to the RoPE dials' m and n, so that the dials' scrubber sweeps a row.
import { PosencFigure, define } from '../figure.js';
import { Heatmap } from '../heatmap.js';
import { s } from '../dom.js';

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
    // the marked rows change no number: the table is computed again only when its own parameters change
    const key = `${p.positions}/${p.dim}/${p.base}`;
    if (key !== this.tableKey) {
      this.table = (await this.compute('sinusoidal', { positions: p.positions, dim: p.dim, base: p.base })).data;
      this.tableKey = key;
    }
    this.hm.set({
      data: this.table,
      rows: p.positions,
      cols: p.dim,
      domain: [-1, 1],
      opts: {
        name: `sinusoidal_${p.positions}x${p.dim}_base${p.base}`,
        describe: (i, j, v, e) => `PE(pos ${i}, ${j}) = ${j % 2 ? 'cos' : 'sin'}(${i}·θ_${j >> 1}) = ${e}`,
        annotate: (g, { y, pw }) => {
          for (const [row, dash] of [
            [p.markN, '4 3'],
            [p.markM, null],
          ])
            if (row >= 0 && row < p.positions)
              g.append(
                s('rect', {
                  class: 'mark-row',
                  'data-row': row,
                  x: -3,
                  y: y(row) - 1,
                  width: pw + 6,
                  height: y(row + 1) - y(row) + 2,
                  fill: 'none',
                  style: 'stroke:var(--fg)',
                  'stroke-width': 2,
                  'stroke-dasharray': dash,
                }),
              );
        },
      },
    });
    this.redraw();
  }
  redraw() {
    this.hm.draw(this.bodyWidth);
  }
}
define(SinusoidalHeatmap);
