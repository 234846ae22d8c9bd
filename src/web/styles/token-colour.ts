/**
 * A design token's value for code that cannot use `var()` (a canvas, a chart library): read
 * from the page's computed style, so it follows the theme the page is in (issue 32 item 1).
 */
export function tokenColour(name: string, element: Element = document.documentElement): string {
  return getComputedStyle(element).getPropertyValue(`--app-${name}`).trim();
}
