// A figure's one menu button for the downloads of all its panels: one tab stop instead of one per format and
// panel. Keys follow the WAI-ARIA menu button pattern: Enter, Space or ArrowDown open it on the first item
// (ArrowUp on the last), arrows and Home / End move, Escape closes and gives focus back, Tab closes.
// The items are asked for at each opening, so a panel an update shows or hides lists its items only while
// it is shown. figure.js puts the menu in the figure's head and names its button.
import { h } from './dom.js';

let uid = 0;

/** groups(): [{ label, items: [{ text, run(button) }] }], asked for at each opening; a group with a label (one
 *  per panel, when there are several) shows it above its items. Returns { el, button }. */
export function menuButton(groups) {
  const id = `pm${++uid}`;
  const button = h('button', {
    type: 'button',
    class: 'menu-btn',
    'aria-haspopup': 'menu',
    'aria-expanded': 'false',
    'aria-controls': id,
  });
  const list = h('div', { class: 'menu', role: 'menu', id, hidden: true });
  let entries = [];
  const entry = ({ text, run }) => {
    const item = h('button', {
      type: 'button',
      role: 'menuitem',
      tabindex: '-1',
      text,
      onclick: () => {
        close(true);
        run(button);
      },
    });
    entries.push(item);
    return item;
  };
  const open = (last) => {
    entries = [];
    list.replaceChildren(
      ...groups().flatMap(({ label, items }) =>
        label
          ? h(
              'div',
              { role: 'group', 'aria-label': label },
              h('span', { 'aria-hidden': 'true', text: label }),
              items.map(entry),
            )
          : items.map(entry),
      ),
    );
    if (!entries.length) return;
    list.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    entries[last ? entries.length - 1 : 0].focus();
  };
  const close = (refocus) => {
    if (list.hidden) return;
    list.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    if (refocus) button.focus();
  };
  button.addEventListener('click', () => (list.hidden ? open() : close(true)));
  button.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    open(e.key === 'ArrowUp');
  });
  list.addEventListener('keydown', (e) => {
    const at = entries.indexOf(e.target),
      n = entries.length;
    // a group's items sit in a row: Left and Right move too
    const next = at + 1,
      prev = at - 1 + n;
    const to = { ArrowDown: next, ArrowRight: next, ArrowUp: prev, ArrowLeft: prev, Home: 0, End: n - 1 }[e.key];
    if (to !== undefined) {
      e.preventDefault();
      entries[to % n].focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'Tab') close(false);
  });
  const el = h('div', { class: 'tools menu-wrap' }, button, list);
  // a click or focus anywhere else closes it
  el.addEventListener('focusout', (e) => {
    if (!el.contains(e.relatedTarget)) close(false);
  });
  return { el, button };
}
