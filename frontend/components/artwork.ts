/**
 * The site's artwork: one flat vector scene per page family, drawn in one style (the brand's
 * navy-to-violet ground, a soft glow, white line work and pale-blue fills) with a motif of its
 * own. Heroes inline their family's scene (docs/decisions/0022); scripts/generate-images.ts
 * renders each scene, with its caption, to the family's social-sharing image. The families
 * themselves are in page-families.ts.
 */

import type { ArtworkFamily } from '../page-families.ts'

/** The scene's coordinate space; the motif sits right of centre, clear of the hero's text. */
const W = 1600
const H = 900
const line = (stroke = '#ffffff', width = 14) =>
  `fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`
const pale = 'fill="#9db8ff"'
const soft = 'fill="#ffffff" fill-opacity="0.14"'

const motifs: Record<ArtworkFamily, string> = {
  // A rising bar chart with a trend line and arrow head.
  home: `${[0, 1, 2, 3, 4]
    .map(
      (i) =>
        `<rect x="${900 + i * 120}" y="${700 - (i + 1) * 90}" width="80" height="${(i + 1) * 90}" rx="12" ${i === 4 ? pale : soft}/>`,
    )
    .join('')}
    <polyline points="880,600 1020,520 1140,560 1290,380 1460,240" ${line()}/>
    <polyline points="1380,230 1460,240 1450,320" ${line()}/>`,
  // Three people side by side: the team.
  about: [
    [1000, 0.14],
    [1200, 1],
    [1400, 0.14],
  ]
    .map(
      ([x, o]) =>
        `<circle cx="${x}" cy="${x === 1200 ? 380 : 420}" r="${x === 1200 ? 80 : 66}" fill="${o === 1 ? '#9db8ff' : '#ffffff'}" fill-opacity="${o}"/>
    <path d="M${(x as number) - 130} ${x === 1200 ? 700 : 710}a130 ${x === 1200 ? 170 : 150} 0 0 1 260 0z" fill="${o === 1 ? '#9db8ff' : '#ffffff'}" fill-opacity="${o}"/>`,
    )
    .join(''),
  // A grid of service tiles, one highlighted.
  services: [0, 1, 2]
    .flatMap((col) =>
      [0, 1].map(
        (row) =>
          `<rect x="${920 + col * 190}" y="${260 + row * 190}" width="150" height="150" rx="24" ${
            col === 1 && row === 0 ? pale : soft
          }/>`,
      ),
    )
    .join(''),
  // A magnifier over a results list.
  seo: `${[0, 1, 2]
    .map(
      (i) =>
        `<rect x="900" y="${280 + i * 110}" width="${420 - i * 80}" height="50" rx="25" ${i === 0 ? pale : soft}/>`,
    )
    .join('')}
    <circle cx="1260" cy="420" r="140" ${line()}/>
    <line x1="1360" y1="520" x2="1480" y2="640" ${line('#ffffff', 28)}/>`,
  // A pointer clicking an ad button, with ripples.
  ppc: `<rect x="900" y="300" width="460" height="150" rx="75" ${pale}/>
    <circle cx="1230" cy="440" r="70" ${line()} stroke-opacity="0.5"/>
    <circle cx="1230" cy="440" r="130" ${line()} stroke-opacity="0.25"/>
    <path d="M1230 440l0 230l60-60l50 100l40-20l-50-100l85 0z" fill="#ffffff"/>`,
  // Two chat bubbles in conversation.
  'social-media': `<path d="M920 260h360a40 40 0 0 1 40 40v170a40 40 0 0 1-40 40h-250l-80 70v-70h-30a40 40 0 0 1-40-40v-170a40 40 0 0 1 40-40z" ${pale}/>
    <path d="M1120 470h320a40 40 0 0 1 40 40v140a40 40 0 0 1-40 40h-30v70l-80-70h-210a40 40 0 0 1-40-40v-140a40 40 0 0 1 40-40z" ${soft}/>
    ${[0, 1, 2].map((i) => `<circle cx="${1020 + i * 80}" cy="385" r="22" fill="#0f1f57"/>`).join('')}`,
  // An envelope with a notification dot.
  'email-marketing': `<rect x="920" y="300" width="520" height="340" rx="28" ${pale}/>
    <polyline points="940,320 1180,500 1420,320" ${line('#0f1f57')}/>
    <circle cx="1440" cy="300" r="56" fill="#ffffff"/>`,
  // A browser window with code brackets.
  'website-development': `<rect x="880" y="240" width="600" height="430" rx="28" ${soft}/>
    <rect x="880" y="240" width="600" height="80" rx="28" ${pale}/>
    ${[0, 1, 2].map((i) => `<circle cx="${930 + i * 50}" cy="280" r="14" fill="#0f1f57"/>`).join('')}
    <polyline points="1090,420 1010,490 1090,560" ${line()}/>
    <polyline points="1270,420 1350,490 1270,560" ${line()}/>
    <line x1="1210" y1="400" x2="1150" y2="580" ${line()}/>`,
  // A document behind a shield.
  legal: `<rect x="940" y="220" width="360" height="470" rx="24" ${soft}/>
    ${[0, 1, 2, 3].map((i) => `<rect x="990" y="${290 + i * 70}" width="${260 - (i % 2) * 80}" height="26" rx="13" fill="#ffffff" fill-opacity="0.5"/>`).join('')}
    <path d="M1340 400l150 50v110c0 90-70 150-150 180c-80-30-150-90-150-180v-110z" ${pale}/>
    <polyline points="1280,570 1330,620 1410,520" ${line('#0f1f57')}/>`,
  // An envelope and a map pin: write to us, or find us.
  contact: `<rect x="900" y="360" width="400" height="270" rx="24" ${soft}/>
    <polyline points="920,380 1100,510 1280,380" ${line()}/>
    <path d="M1380 690c-90-120-150-200-150-280a150 150 0 0 1 300 0c0 80-60 160-150 280z" ${pale}/>
    <circle cx="1380" cy="410" r="55" fill="#0f1f57"/>`,
}

/**
 * The family's scene as SVG markup: at a pixel size for rendering to files, or (no size) filling
 * its box, cropped from the left so the motif stays in view however narrow the box, for inlining
 * into a page, where it paints with the page's first paint and costs no request.
 */
export function artworkSvg(
  family: ArtworkFamily,
  size?: { width: number; height: number },
): string {
  const box = size
    ? `xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}"`
    : 'aria-hidden="true" focusable="false" width="100%" height="100%"'
  return `<svg ${box} viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMaxYMid slice">
<defs><linearGradient id="artwork-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b1640"/><stop offset="0.55" stop-color="#1a3aa3"/><stop offset="1" stop-color="#5b2bb5"/></linearGradient>
<radialGradient id="artwork-glow" cx="0.75" cy="0.45" r="0.5"><stop offset="0" stop-color="#6fa0ff" stop-opacity="0.45"/><stop offset="1" stop-color="#6fa0ff" stop-opacity="0"/></radialGradient></defs>
<rect width="${W}" height="${H}" fill="url(#artwork-bg)"/><rect width="${W}" height="${H}" fill="url(#artwork-glow)"/>
${motifs[family].replace(/\n\s*/g, '')}
</svg>`
}
