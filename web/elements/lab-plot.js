// A line plot (lineplot.js) that also draws bands under its curves: for the lab, each scheme's spread over
// seeds (lowest to highest) around the curve of their mean. d.bands: [{ lo, hi, color }], one value per x
// (d.xs or x0 + i, as the series); a value that is not finite breaks the band.
import { LinePlot } from './lineplot.js';
import { s } from './dom.js';

export class BandPlot extends LinePlot {
  draw(width) {
    super.draw(width);
    const d = this.d;
    if (!d?.bands?.length || !this.rule) return;
    const g = this.rule.parentNode;
    const x = (i) => this.x(this.xAt(i)),
      y = (v) => this.y(v);
    const group = s('g', { class: 'bands', 'aria-hidden': 'true' });
    for (const b of d.bands) {
      let path = '';
      for (let i = 0; i < b.lo.length;) {
        if (!(Number.isFinite(b.lo[i]) && Number.isFinite(b.hi[i]))) {
          i++;
          continue;
        }
        const top = [],
          bottom = [];
        for (; i < b.lo.length && Number.isFinite(b.lo[i]) && Number.isFinite(b.hi[i]); i++) {
          top.push(`${x(i).toFixed(2)},${y(b.hi[i]).toFixed(2)}`);
          bottom.push(`${x(i).toFixed(2)},${y(b.lo[i]).toFixed(2)}`);
        }
        path += `M${top.join('L')}L${bottom.reverse().join('L')}Z`;
      }
      if (path) group.append(s('path', { d: path, style: `fill:${b.color};fill-opacity:0.16;stroke:none` }));
    }
    const axes = g.querySelectorAll(':scope > .axis');
    axes[axes.length - 1].after(group);
  }
}
