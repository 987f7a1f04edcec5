/**
 * What jsdom's `window.matchMedia` answers (test/setup.ts). By default no media query matches, as
 * before any test asks: a wide screen to the components that ask for a phone. `atWidth(390)` makes
 * the `min-width`/`max-width` queries (px or em, as Mantine and the web write them) answer for that
 * width until the test ends.
 */
let width: number | undefined;

export function atWidth(px: number): void {
  width = px;
}

export function resetWidth(): void {
  width = undefined;
}

function matches(query: string): boolean {
  if (width === undefined) return false;
  const at = width;
  const bounds = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)(px|em)\)/g)];
  return (
    bounds.length > 0 &&
    bounds.every(([, side, value, unit]) => {
      const px = Number(value) * (unit === "em" ? 16 : 1);
      return side === "min" ? at >= px : at <= px;
    })
  );
}

export function matchMedia(query: string): MediaQueryList {
  return {
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  };
}
