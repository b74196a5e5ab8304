// Display formulas that wrap on a narrow screen. KaTeX lays a display formula out as one unbreakable
// line, so on a phone a long identity ran off the side of the page. Here a formula is cut, at build
// time, where a typesetter may break a displayed line: before a top-level relation (=, ≤, ≈ …) or
// plus sign (once the line so far is not tiny), and at a \qquad between separate statements. Each piece is typeset on
// its own and
// the pieces sit in a wrapping row (site.css): on a wide screen they read as the one original line,
// on a narrow one they flow onto several. Screen readers get the whole formula once, as MathML.

const RELATIONS = new Set([
  '=',
  '<',
  '>',
  '\\le',
  '\\leq',
  '\\ge',
  '\\geq',
  '\\lt',
  '\\gt',
  '\\approx',
  '\\equiv',
  '\\ne',
  '\\neq',
]);
// a piece shorter than this (in TeX characters) is not cut: "R_m" stays with its "= (matrix)", and a
// short sum like x_1 + i y_1 stays whole
const MIN_PIECE = 24,
  MIN_BEFORE_PLUS = 40;
// a delimiter after these is a fixed-size glyph, not an opening or closing group
const SIZED = new Set([
  '\\bigl',
  '\\bigr',
  '\\Bigl',
  '\\Bigr',
  '\\biggl',
  '\\biggr',
  '\\Biggl',
  '\\Biggr',
  '\\big',
  '\\Big',
  '\\bigg',
  '\\Bigg',
]);

/** The TeX source cut into pieces: [{ tex, gap, sign }]; gap: the piece follows a \qquad; sign: it
 *  starts with the relation or + it was cut before. */
export function texPieces(tex) {
  const pieces = [];
  let depth = 0,
    start = 0,
    gap = false,
    sign = false;
  const cut = (end, next, nextGap, nextSign) => {
    const piece = tex.slice(start, end).trim();
    if (piece) pieces.push({ tex: piece, gap, sign });
    start = next;
    gap = nextGap || (gap && !piece);
    sign = nextSign;
  };
  for (let i = 0; i < tex.length;) {
    const c = tex[i];
    if (c === '\\') {
      const word = /^\\([A-Za-z]+|.)/.exec(tex.slice(i))[0];
      const at = i;
      i += word.length;
      if (SIZED.has(word)) {
        while (tex[i] === ' ') i++;
        i += tex[i] === '\\' ? /^\\([A-Za-z]+|.)/.exec(tex.slice(i))[0].length : 1;
        continue;
      }
      if (word === '\\left' || word === '\\begin') depth++;
      else if (word === '\\right' || word === '\\end') depth--;
      else if (depth === 0 && word === '\\qquad') cut(at, i, true, false);
      else if (depth === 0 && RELATIONS.has(word) && tex.slice(start, at).trim().length >= MIN_PIECE)
        cut(at, at, false, true);
      continue;
    }
    if (c === '{' || c === '(' || c === '[') depth++;
    else if (c === '}' || c === ')' || c === ']') depth--;
    else if (
      depth === 0 &&
      (c === '=' || c === '<' || c === '>' || c === '+') &&
      tex.slice(start, i).trim().length >= (c === '+' ? MIN_BEFORE_PLUS : MIN_PIECE)
    )
      cut(i, i, false, true);
    i++;
  }
  cut(tex.length, tex.length, false, false);
  return pieces;
}

/** HTML of a display formula: one typeset piece per line-break opportunity, plus the whole as MathML. */
export function displayHtml(katex, tex) {
  const opts = { displayMode: true, throwOnError: true, strict: 'ignore' };
  const pieces = texPieces(tex);
  if (pieces.length < 2) return katex.renderToString(tex, { ...opts, output: 'htmlAndMathml' });
  // a piece that starts with its relation or + gets an empty atom before it, so the sign keeps the
  // spacing it had inside the whole formula; the visible pieces are hidden from screen readers
  const parts = pieces.map(
    ({ tex: t, gap, sign }) =>
      `<span class="tex-part${gap ? ' gap' : ''}">` +
      `${katex.renderToString(sign ? `{}${t}` : t, { ...opts, output: 'html' })}</span>`,
  );
  const math = katex
    .renderToString(tex, { ...opts, output: 'mathml' })
    .replace(/^<span class="katex-display"><span class="katex">/, '')
    .replace(/<\/span><\/span>$/, '');
  return `<span class="katex tex-whole"><span class="katex-mathml">${math}</span></span>${parts.join('')}`;
}
