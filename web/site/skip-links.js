// Skip links, so that a keyboard reader need not tab through every control on the page: one at the
// start of each section to the next section's heading, and one before each figure to just after it.
// They stay out of sight until focused (site.css .skip) and carry both languages, like the page.
const TEXT = {
  en: { figure: 'Skip this figure', next: 'Skip to the next section: ' },
  zh: { figure: '跳过这幅图', next: '跳到下一节：' },
};

function skipLink(href, en, zh) {
  const a = document.createElement('a');
  a.className = 'skip';
  a.href = href;
  for (const [lang, text] of [
    ['en', en],
    ['zh', zh],
  ]) {
    const span = document.createElement('span');
    span.className = lang;
    if (lang === 'zh') span.lang = 'zh';
    span.textContent = text;
    a.append(span);
  }
  return a;
}

/** Add the skip links of the sections of <main> and of the given figure elements (each with an id). */
export function addSkipLinks(figures) {
  const sections = [...document.querySelectorAll('main > section[id]')];
  sections.forEach((section, i) => {
    const next = sections[i + 1]?.querySelector('h2[id]');
    if (!next) return;
    next.tabIndex = -1; // the link moves focus there, so the next Tab continues from that section
    const en = next.querySelector('.en')?.textContent ?? next.textContent;
    section.prepend(
      skipLink(`#${next.id}`, TEXT.en.next + en, TEXT.zh.next + (next.querySelector('.zh')?.textContent ?? en)),
    );
  });
  for (const figure of figures) {
    const end = document.createElement('span');
    end.id = `${figure.id}-end`;
    end.tabIndex = -1;
    figure.after(end);
    figure.before(skipLink(`#${end.id}`, TEXT.en.figure, TEXT.zh.figure));
  }
}
