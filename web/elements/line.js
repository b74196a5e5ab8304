// The SVG path of a polyline: the one use the figures make of d3-shape's line() (linear curve,
// accessors x, y and defined), in the same chainable form and with the same path text
// ("M x,y L x,y …", a gap where defined() is false starts a new M). d3-shape's module costs the
// embed 4 KB gzipped that its bundler cannot drop; tests/js/line.test.mjs checks the two agree.
const accessor = (v) => (typeof v === 'function' ? v : () => v);
// coordinates rounded to 3 decimals, as d3-shape's line() does by default (shorter paths, no visible change)
const round = (v) => Math.round(v * 1000) / 1000;

export function line(x = (d) => d[0], y = (d) => d[1]) {
  let defined = () => true;
  x = accessor(x);
  y = accessor(y);
  const path = (data) => {
    // a run of one point is closed ("M x,y Z"), as d3's linear curve does, so that it can show as a dot
    let out = '',
      run = 0,
      i = -1;
    const end = () => {
      if (run === 1) out += 'Z';
      run = 0;
    };
    for (const d of data) {
      i++;
      if (!defined(d, i, data)) {
        end();
        continue;
      }
      out += `${run ? 'L' : 'M'}${round(+x(d, i, data))},${round(+y(d, i, data))}`;
      run++;
    }
    end();
    return out || null;
  };
  path.x = (v) => (v === undefined ? x : ((x = accessor(v)), path));
  path.y = (v) => (v === undefined ? y : ((y = accessor(v)), path));
  path.defined = (v) => (v === undefined ? defined : ((defined = accessor(v)), path));
  return path;
}
