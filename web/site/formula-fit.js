// Display formulas wrap at their break points (tools/tex-lines.mjs), but one piece can still be wider
// than a phone (the 5-column rotation matrix). Such a formula is shrunk to fit, down to MIN_SCALE;
// past that it scrolls sideways as a labelled region that takes focus, so the arrow keys scroll it,
// with a visible scrollbar and border as the cue (site.css .scrolls).
const MIN_SCALE = 0.75;
const LABEL = { en: 'Formula, scrolls sideways', zh: '公式（可横向滚动）' };

/** Fit every display formula of the document to its width; `lang` names the scroll regions. */
export function fitFormulas(lang) {
  const all = [...document.querySelectorAll('.tex.display')];
  // writes, then reads, then writes: one layout per pass instead of one per formula
  for (const el of all) for (const part of [el, ...el.children]) part.style.fontSize = '';
  const wide = all.filter((el) => el.scrollWidth > el.clientWidth + 1);
  // only the pieces that are too wide shrink (or the whole formula when it has no pieces)
  const shrink = wide.flatMap((el) => {
    const parts = [...el.querySelectorAll(':scope > .tex-part')];
    const room = el.clientWidth - parseFloat(getComputedStyle(el).paddingLeft);
    return (parts.length ? parts : [el])
      .map((part) => [part, room / part.scrollWidth])
      .filter(([, ratio]) => ratio < 1);
  });
  for (const [part, ratio] of shrink) part.style.fontSize = `${Math.max(MIN_SCALE, ratio * 0.98)}em`;
  for (const el of all) {
    const scrolls = wide.includes(el) && el.scrollWidth > el.clientWidth + 1;
    el.classList.toggle('scrolls', scrolls);
    if (scrolls) {
      el.tabIndex = 0;
      el.setAttribute('role', 'region');
      el.setAttribute('aria-label', LABEL[lang]);
    } else {
      el.removeAttribute('tabindex');
      el.removeAttribute('role');
      el.removeAttribute('aria-label');
    }
  }
}
