/**
 * About's story picture: rising bars over a loose network of nodes, on the brand's blue. It is
 * written into the page as SVG, like the heroes' scenes: a file would be fetched a round trip
 * after the HTML, and beside the hero on a wide screen it is the largest thing in view, so the
 * page's LCP would wait for it (docs/decisions/0022).
 */

/** The scene's coordinate space (3:2); the box it is drawn in keeps that ratio. */
export const storyArtworkSize = { width: 1920, height: 1280 } as const
const { width, height } = storyArtworkSize

/** The same nodes on every build: a seeded Park–Miller sequence, rounded to whole units. */
function network(count: number, seed: number): string {
  let state = seed
  const random = () => {
    state = (state * 16807) % 2147483647
    return state / 2147483647
  }
  const points = Array.from({ length: count }, () => [
    Math.round(random() * width),
    Math.round(random() * height),
  ])
  const lines = points
    .map(([x1, y1], i) => {
      const [x2, y2] = points[(i * 7 + 3) % count] ?? [0, 0]
      return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`
    })
    .join('')
  const dots = points
    .map(
      ([x, y], i) =>
        `<circle cx="${x}" cy="${y}" r="${4 + (i % 5) * 3}" fill-opacity="${0.25 + (i % 4) * 0.15}"/>`,
    )
    .join('')
  return `<g stroke="#7aa2ff" stroke-opacity="0.18" stroke-width="2">${lines}</g><g fill="#9db8ff">${dots}</g>`
}

function bars(): string {
  return [0.18, 0.34, 0.5, 0.66]
    .map(
      (x, i) =>
        `<rect x="${Math.round(width * x)}" y="${Math.round(height * (0.75 - i * 0.12))}" width="${Math.round(width * 0.1)}" height="${Math.round(height * (0.15 + i * 0.12))}" rx="12"/>`,
    )
    .join('')
}

/** The picture as markup; decorative inside, the element that holds it carries its description. */
export const storyArtworkSvg = [
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" aria-hidden="true" focusable="false">`,
  '<defs><linearGradient id="story-ground" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="#13265e"/><stop offset="1" stop-color="#2f5bea"/></linearGradient></defs>',
  '<rect width="100%" height="100%" fill="url(#story-ground)"/>',
  network(36, 7),
  `<g fill="#ffffff" fill-opacity="0.8">${bars()}</g>`,
  '</svg>',
].join('')
