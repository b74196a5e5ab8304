// Base class of the lab's figures: a PosencFigure whose parameters come from LAB_PARAMS, whose strings fall
// back to the lab's shared ones, with a stylesheet of its own beside the shared one, and which redraws
// whenever the lab's session changes (new settings, progress, results).
import { PosencFigure } from './figure.js';
import { attrName } from './params.js';
import { LAB_PARAMS } from './lab-params.js';
import { LAB_STRINGS } from './lab-strings.js';
import { session } from './lab-session.js';

export const LAB_CSS = `
.lab-row { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 14px; margin: 4px 0 8px; }
fieldset.schemes { border: 1px solid var(--border); border-radius: 6px; margin: 0; padding: 4px 10px 8px;
  flex: 1 1 100%; min-width: 0; }
fieldset.schemes legend { font-size: 12px; color: var(--muted); padding: 0 4px; }
.checks { display: flex; flex-wrap: wrap; gap: 4px 14px; }
.checks label { display: inline-flex; align-items: center; gap: 5px; font-size: 13px; cursor: pointer;
  min-height: 24px; }
.checks input { accent-color: var(--accent); width: 16px; height: 16px; margin: 0; }
.swatch { display: inline-block; width: 18px; height: 0; border-top: 3px solid; vertical-align: middle; }
.swatch.dash { border-top-style: dashed; }
button.primary { font: inherit; font-size: 13px; font-weight: 600; border: 1px solid var(--accent);
  background: var(--accent); color: var(--on-accent); border-radius: 6px; padding: 5px 14px; cursor: pointer;
  min-height: 32px; }
button.secondary { font: inherit; font-size: 13px; border: 1px solid var(--border); background: var(--panel);
  color: var(--fg); border-radius: 6px; padding: 5px 14px; cursor: pointer; min-height: 32px; }
button:disabled, button[aria-disabled=true] { opacity: .5; cursor: default; }
progress { flex: 1 1 160px; height: 10px; accent-color: var(--accent); }
.lab-status { font-size: 12px; color: var(--muted); flex: 1 1 100%; margin: 0; }
.lab-match { font-size: 13px; margin: 4px 0 0; }
.lab-source { font-size: 12px; color: var(--muted); margin: 0 0 4px; }
.lab-panels { display: grid; grid-template-columns: repeat(auto-fit, minmax(280px, 1fr)); gap: 10px 16px; }
.lab-ptitle { font-size: 12px; font-weight: 600; margin: 4px 0 2px; }
.tablewrap.lab-table { max-height: none; margin-top: 8px; }
.tablewrap.lab-table th[scope=row] { text-align: left; font-family: var(--font); }
.tablewrap.lab-table tr.hl th, .tablewrap.lab-table tr.hl td { background: color-mix(in srgb, var(--accent) 15%,
  transparent); font-weight: 600; }
`;

let sheet = null;
function adoptLab(root) {
  try {
    sheet ??= new CSSStyleSheet();
    if (!sheet.cssRules.length) sheet.replaceSync(LAB_CSS);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  } catch {
    const st = document.createElement('style');
    st.textContent = LAB_CSS;
    root.append(st);
  }
}

export class LabFigure extends PosencFigure {
  static get specs() {
    return LAB_PARAMS[this.tag];
  }
  constructor() {
    super();
    adoptLab(this.root);
    this.session = session;
    this.onSession = () => this.invalidate();
  }
  t(key) {
    const own = this.constructor.strings;
    return (
      own?.[this.locale]?.[key] ??
      own?.en?.[key] ??
      LAB_STRINGS[this.locale]?.[key] ??
      LAB_STRINGS.en[key] ??
      super.t(key)
    );
  }
  // a `set` parameter is read by its spec's own parse (params.js gives it its default)
  constrain(p) {
    for (const [name, spec] of Object.entries(this.constructor.specs))
      if (spec.parse) p[name] = spec.parse(this.getAttribute(attrName(name)));
  }
  connectedCallback() {
    super.connectedCallback();
    session.addEventListener('change', this.onSession);
  }
  disconnectedCallback() {
    super.disconnectedCallback();
    session.removeEventListener('change', this.onSession);
  }
}
