import { ComponentSamples } from './component-samples';

// The colour roles of _tokens.scss, shown as swatches (docs/design.md "Colour roles").
const SWATCHES = [
  'accent',
  'accent-text',
  'accent-subtle',
  'secondary',
  'text',
  'text-muted',
  'surface-page',
  'surface',
  'surface-muted',
  'border',
  'success',
  'warning',
  'danger',
  'info',
  'unread',
  'scene',
];
const TYPE_SCALE = ['display', '3xl', '2xl', 'xl', 'lg', 'base', 'sm', 'xs'];
const ELEVATIONS = ['shadow-card', 'shadow-raised', 'shadow-overlay'];

/** Every component of the design system, in the light and the dark theme side by side. */
export function DesignPage() {
  return (
    <main className="dev-design">
      <h1 className="visually-hidden">Design system</h1>
      <div className="dev-design-themes">
        {(['light', 'dark'] as const).map((theme) => (
          <section
            key={theme}
            data-bs-theme={theme}
            className="dev-design-theme bg-body text-body p-3 p-lg-4"
            aria-label={`${theme} theme`}
          >
            <h2 className="h4 mb-3 text-capitalize">{theme}</h2>
            <ThemeTokens />
            <ComponentSamples />
          </section>
        ))}
      </div>
    </main>
  );
}

function ThemeTokens() {
  return (
    <>
      <h3 className="member-section-title">Colour roles</h3>
      <ul className="dev-design-swatches list-unstyled mb-4">
        {SWATCHES.map((name) => (
          <li key={name}>
            <span className="dev-design-swatch" style={{ background: `var(--app-${name})` }} />
            <code className="small">--app-{name}</code>
          </li>
        ))}
      </ul>
      <h3 className="member-section-title">Type scale</h3>
      <div className="mb-4">
        {TYPE_SCALE.map((size) => (
          <p
            key={size}
            className="mb-1 text-truncate"
            style={{ fontSize: `var(--app-font-size-${size})`, lineHeight: 1.2 }}
          >
            {size}: Meet someone new tonight
          </p>
        ))}
      </div>
      <h3 className="member-section-title">Elevation and radius</h3>
      <div className="d-flex flex-wrap gap-3 mb-4">
        {ELEVATIONS.map((shadow) => (
          <div
            key={shadow}
            className="dev-design-elevation bg-body small p-2"
            style={{ boxShadow: `var(--app-${shadow})` }}
          >
            {shadow}
          </div>
        ))}
      </div>
    </>
  );
}
