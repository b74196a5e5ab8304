// A menu button for a panel's downloads: one tab stop instead of one per format. Keys follow the
// WAI-ARIA menu button pattern: Enter, Space or ArrowDown open it on the first item (ArrowUp on
// the last), arrows and Home / End move, Escape closes and gives focus back, Tab closes.
// The button's text is one of the figure's strings (data-t), filled in by figure.js.
import { h } from './dom.js';

let uid = 0;

/** items: [{ text, run }]; key: the i18n key of the button's text. Returns { el, button }. */
export function menuButton(items, key = 'download') {
  const id = `pm${++uid}`;
  const button = h('button', {
    type: 'button',
    class: 'menu-btn',
    'aria-haspopup': 'menu',
    'aria-expanded': 'false',
    'aria-controls': id,
    'data-t': key,
    text: key,
  });
  const entries = items.map(({ text, run }) =>
    h('button', {
      type: 'button',
      role: 'menuitem',
      tabindex: '-1',
      text,
      onclick: () => {
        close(true);
        run();
      },
    }),
  );
  const list = h('div', { class: 'menu', role: 'menu', id, hidden: true }, entries);
  const open = (at) => {
    list.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    entries[at].focus();
  };
  const close = (refocus) => {
    if (list.hidden) return;
    list.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    if (refocus) button.focus();
  };
  button.addEventListener('click', () => (list.hidden ? open(0) : close(true)));
  button.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    open(e.key === 'ArrowUp' ? entries.length - 1 : 0);
  });
  list.addEventListener('keydown', (e) => {
    const at = entries.indexOf(e.target),
      n = entries.length;
    const to = { ArrowDown: at + 1, ArrowUp: at - 1 + n, Home: 0, End: n - 1 }[e.key];
    if (to !== undefined) {
      e.preventDefault();
      entries[to % n].focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'Tab') close(false);
  });
  const el = h('div', { class: 'tools' }, h('div', { class: 'menu-wrap' }, button, list));
  // a click or focus anywhere else closes it
  el.addEventListener('focusout', (e) => {
    if (!el.contains(e.relatedTarget)) close(false);
  });
  return { el, button };
}
