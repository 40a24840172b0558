// Draws the shop's artwork as SVG: one 500mL can per beer (public/cans/<slug>.svg, referenced by the
// server's seed data as /cans/<slug>.svg), the home page hero and the favicon. Run: npm run art -w frontend
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** Label colours: bg (label), ink (text), accent (motif and band), light (secondary motif). */
const BEERS = [
  {
    slug: 'quokka-pale-ale',
    place: 'Quokka',
    style: 'Pale Ale',
    bg: '#f4b63f',
    ink: '#3a2412',
    accent: '#c9671c',
    light: '#fff3c4',
    motif: 'sun',
  },
  {
    slug: 'fremantle-doctor-xpa',
    place: 'Fremantle Doctor',
    style: 'XPA',
    bg: '#1b8a8f',
    ink: '#fdf5e2',
    accent: '#f28c28',
    light: '#bfe9e6',
    motif: 'wind',
  },
  {
    slug: 'rottnest-hazy-ipa',
    place: 'Rottnest',
    style: 'Hazy IPA',
    bg: '#8fd8cf',
    ink: '#0b3d4a',
    accent: '#f7f0c6',
    light: '#ffffff',
    motif: 'lighthouse',
  },
  {
    slug: 'swan-valley-lager',
    place: 'Swan Valley',
    style: 'Lager',
    bg: '#f3e7c4',
    ink: '#141414',
    accent: '#c8102e',
    light: '#d8c89a',
    motif: 'swan',
  },
  {
    slug: 'kings-park-kolsch',
    place: 'Kings Park',
    style: 'Kölsch',
    bg: '#e6efc2',
    ink: '#2f5d2a',
    accent: '#d94f2b',
    light: '#8fb35a',
    motif: 'kangaroo-paw',
  },
  {
    slug: 'karri-forest-stout',
    place: 'Karri Forest',
    style: 'Stout',
    bg: '#2b1d14',
    ink: '#f1e3c8',
    accent: '#5a8a3a',
    light: '#8a6a4a',
    motif: 'trees',
  },
  {
    slug: 'cottesloe-sunset-sour',
    place: 'Cottesloe',
    style: 'Sunset Sour',
    bg: '#f47c6a',
    ink: '#3b0f2f',
    accent: '#ffd166',
    light: '#ffb3a3',
    motif: 'sunset',
  },
  {
    slug: 'pinnacles-west-coast-ipa',
    place: 'Pinnacles',
    style: 'West Coast IPA',
    bg: '#e0a458',
    ink: '#3d1f0b',
    accent: '#8c3b1a',
    light: '#f6d7a0',
    motif: 'pinnacles',
  },
  {
    slug: 'margaret-river-saison',
    place: 'Margaret River',
    style: 'Saison',
    bg: '#6d1f3a',
    ink: '#f7ead0',
    accent: '#e8c07d',
    light: '#a34a66',
    motif: 'vine',
  },
  {
    slug: 'nullarbor-imperial-stout',
    place: 'Nullarbor',
    style: 'Imperial Stout',
    bg: '#151515',
    ink: '#e9d8b4',
    accent: '#b5452b',
    light: '#f3e6c4',
    motif: 'stars',
  },
  {
    slug: 'lake-monger-mid',
    place: 'Lake Monger',
    style: 'Mid',
    bg: '#cfe6f2',
    ink: '#16466b',
    accent: '#2b7bb9',
    light: '#ffffff',
    motif: 'ripples',
  },
  {
    slug: 'kimberley-red-ale',
    place: 'Kimberley',
    style: 'Red Ale',
    bg: '#a8322d',
    ink: '#fbe9d0',
    accent: '#f2a541',
    light: '#6e1d1a',
    motif: 'boab',
  },
];

/** Each motif fills the label window x 30..170, y 64..176. */
const MOTIFS = {
  sun: (c) => `
    <circle cx="100" cy="120" r="30" fill="${c.light}"/>
    ${Array.from({ length: 12 }, (_, i) => {
      const a = (i * Math.PI) / 6;
      const x1 = 100 + Math.cos(a) * 38,
        y1 = 120 + Math.sin(a) * 38;
      const x2 = 100 + Math.cos(a) * 50,
        y2 = 120 + Math.sin(a) * 50;
      return `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="${c.accent}" stroke-width="5" stroke-linecap="round"/>`;
    }).join('')}
    <path d="M82 122 q18 18 36 0" fill="none" stroke="${c.ink}" stroke-width="4" stroke-linecap="round"/>
    <circle cx="89" cy="112" r="3.5" fill="${c.ink}"/><circle cx="111" cy="112" r="3.5" fill="${c.ink}"/>`,
  wind: (c) => `
    <path d="M36 96 h78 a14 14 0 1 0 -14 -14" fill="none" stroke="${c.light}" stroke-width="6" stroke-linecap="round"/>
    <path d="M36 118 h104 a16 16 0 1 1 -16 16" fill="none" stroke="${c.accent}" stroke-width="6" stroke-linecap="round"/>
    <path d="M30 160 q14 -10 28 0 t28 0 t28 0 t28 0 t28 0" fill="none" stroke="${c.light}" stroke-width="5"/>`,
  lighthouse: (c) => `
    <path d="M30 150 q35 -12 70 0 t70 0 v26 h-140z" fill="${c.light}" opacity="0.7"/>
    <polygon points="92,150 108,150 104,92 96,92" fill="${c.accent}" stroke="${c.ink}" stroke-width="2"/>
    <rect x="94" y="108" width="12" height="8" fill="${c.ink}"/><rect x="93" y="126" width="14" height="8" fill="${c.ink}"/>
    <rect x="93" y="82" width="14" height="10" fill="${c.ink}"/><polygon points="91,82 109,82 100,72" fill="${c.ink}"/>
    <path d="M107 86 l50 -14 v24z" fill="${c.light}" opacity="0.8"/>`,
  swan: (c) => `
    <path d="M30 164 q35 -8 70 0 t70 0" fill="none" stroke="${c.light}" stroke-width="5"/>
    ${swanShape(c.ink, c.accent)}`,
  'kangaroo-paw': (c) => `
    ${[64, 100, 136]
      .map(
        (x, i) => `<path d="M${x} 176 q${i - 1 * 4} -40 ${(i - 1) * 6} -70" fill="none" stroke="${c.light}" stroke-width="5"/>
      <path d="M${x + (i - 1) * 6 - 8} 110 q8 -30 16 0 q-8 10 -16 0z" fill="${c.accent}"/>
      <path d="M${x + (i - 1) * 6 - 2} 102 q-14 -20 -4 -28" fill="none" stroke="${c.accent}" stroke-width="5" stroke-linecap="round"/>
      <path d="M${x + (i - 1) * 6 + 2} 102 q14 -20 4 -28" fill="none" stroke="${c.accent}" stroke-width="5" stroke-linecap="round"/>`,
      )
      .join('')}`,
  trees: (c) => `
    ${[44, 72, 100, 128, 156]
      .map(
        (x, i) => `<rect x="${x - 3}" y="${100 + (i % 2) * 12}" width="6" height="${76 - (i % 2) * 12}" fill="${c.light}"/>
      <ellipse cx="${x}" cy="${96 + (i % 2) * 12}" rx="15" ry="26" fill="${c.accent}"/>`,
      )
      .join('')}`,
  sunset: (c) => `
    <circle cx="100" cy="140" r="36" fill="${c.accent}"/>
    ${[0, 1, 2, 3].map((i) => `<rect x="30" y="${140 + i * 10}" width="140" height="${4 + i}" fill="${c.bg}"/>`).join('')}
    <rect x="30" y="176" width="140" height="4" fill="${c.ink}"/>
    <path d="M40 92 q6 -6 12 0 q6 -6 12 0" fill="none" stroke="${c.ink}" stroke-width="3"/>
    <path d="M128 80 q5 -5 10 0 q5 -5 10 0" fill="none" stroke="${c.ink}" stroke-width="3"/>`,
  pinnacles: (c) => `
    <circle cx="138" cy="88" r="14" fill="${c.light}"/>
    <rect x="30" y="160" width="140" height="16" fill="${c.accent}" opacity="0.5"/>
    ${[
      [48, 120],
      [66, 96],
      [88, 130],
      [108, 104],
      [132, 128],
      [152, 112],
    ]
      .map(
        ([x, top]) =>
          `<path d="M${x - 9} 162 q3 -${(162 - top) * 0.6} 9 -${162 - top} q6 ${(162 - top) * 0.4} 9 ${162 - top}z" fill="${c.accent}"/>`,
      )
      .join('')}`,
  vine: (c) => `
    <path d="M100 70 v106" stroke="${c.light}" stroke-width="4"/>
    ${[
      [86, 120],
      [114, 120],
      [100, 134],
      [86, 148],
      [114, 148],
      [100, 162],
      [72, 134],
      [128, 134],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="9" fill="${c.accent}"/>`)
      .join('')}
    <path d="M100 92 q-30 -18 -40 6 q20 8 40 -6z" fill="${c.light}"/>
    <path d="M100 92 q30 -18 40 6 q-20 8 -40 -6z" fill="${c.light}"/>`,
  stars: (c) => `
    ${[
      [44, 80, 2],
      [70, 100, 3],
      [96, 76, 2],
      [122, 96, 2.5],
      [150, 82, 3],
      [58, 130, 1.8],
      [136, 128, 2],
      [110, 116, 1.6],
      [84, 140, 1.6],
    ]
      .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${c.light}"/>`)
      .join('')}
    <path d="M30 160 h140 v16 h-140z" fill="${c.accent}"/>
    <path d="M30 160 q70 -6 140 0" fill="none" stroke="${c.light}" stroke-width="1.5"/>`,
  ripples: (c) => `
    ${[0, 1, 2]
      .map(
        (i) =>
          `<ellipse cx="100" cy="156" rx="${24 + i * 18}" ry="${6 + i * 4}" fill="none" stroke="${c.accent}" stroke-width="3" opacity="${1 - i * 0.25}"/>`,
      )
      .join('')}
    <g transform="translate(100 150) scale(0.7) translate(-100 -150)">${swanShape(c.ink, '#c8102e')}</g>`,
  boab: (c) => `
    <path d="M30 152 l22 -26 l20 16 l18 -30 l24 24 l18 -18 l38 36 v22 h-140z" fill="${c.light}"/>
    <path d="M100 128 q-14 -16 -30 -18 M100 126 q-4 -22 -14 -32 M100 126 q4 -22 14 -32 M100 128 q14 -16 30 -18" fill="none" stroke="${c.accent}" stroke-width="4" stroke-linecap="round"/>
    ${[
      [70, 108],
      [86, 92],
      [114, 92],
      [130, 108],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="8" fill="${c.accent}" opacity="0.85"/>`)
      .join('')}
    <path d="M86 176 c-10 -18 -10 -38 4 -50 h20 c14 12 14 32 4 50z" fill="${c.accent}"/>`,
};

/** A black swan facing right, resting on the water line at y 150. */
function swanShape(body, beak) {
  return `<path d="M56 136 l10 8 q4 -8 22 -8 q22 0 30 10 q-6 12 -30 12 q-26 0 -32 -22z" fill="${body}"/>
    <path d="M112 146 c12 -14 -8 -26 2 -46" fill="none" stroke="${body}" stroke-width="7" stroke-linecap="round"/>
    <circle cx="117" cy="98" r="6" fill="${body}"/>
    <path d="M121 95 l13 4 l-13 3z" fill="${beak}"/>`;
}

/** Bold capitals run about 0.75 em wide; keep the words inside the label's 124 px. */
function fitFont(text, max, widthPerEm = 0.75, width = 124) {
  return Math.min(max, Math.floor(width / (text.length * widthPerEm)));
}

function escapeXml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** One can drawn in a 200 x 340 box; `id` prefixes the gradient ids so several cans fit in one SVG. */
function canGroup(beer, id = beer.slug) {
  const motif = MOTIFS[beer.motif];
  if (!motif) throw new Error(`No motif ${beer.motif}`);
  const placeSize = fitFont(beer.place, 24);
  const styleSize = fitFont(beer.style, 15, 0.58);
  return `
  <defs>
    <linearGradient id="${id}-metal" x1="0" x2="1">
      <stop offset="0" stop-color="#8d9499"/><stop offset="0.3" stop-color="#eef1f3"/>
      <stop offset="0.55" stop-color="#b9c0c5"/><stop offset="1" stop-color="#6d7378"/>
    </linearGradient>
    <linearGradient id="${id}-shade" x1="0" x2="1">
      <stop offset="0" stop-color="#000" stop-opacity="0.42"/><stop offset="0.18" stop-color="#000" stop-opacity="0.08"/>
      <stop offset="0.3" stop-color="#fff" stop-opacity="0.34"/><stop offset="0.4" stop-color="#fff" stop-opacity="0.04"/>
      <stop offset="0.8" stop-color="#000" stop-opacity="0.1"/><stop offset="1" stop-color="#000" stop-opacity="0.48"/>
    </linearGradient>
    <clipPath id="${id}-body"><rect x="30" y="44" width="140" height="262"/></clipPath>
  </defs>
  <ellipse cx="100" cy="318" rx="66" ry="10" fill="#000" opacity="0.18"/>
  <path d="M38 306 q0 10 10 12 h104 q10 -2 10 -12z" fill="url(#${id}-metal)"/>
  <path d="M36 24 q0 -8 14 -10 h100 q14 2 14 10 l6 20 h-140z" fill="url(#${id}-metal)"/>
  <ellipse cx="100" cy="18" rx="64" ry="9" fill="#d5dadd" stroke="#8d9499" stroke-width="2"/>
  <ellipse cx="100" cy="18" rx="54" ry="6.5" fill="#c3c9cd"/>
  <rect x="84" y="13" width="32" height="9" rx="4.5" fill="#a7aeb3" stroke="#7e858a"/>
  <g clip-path="url(#${id}-body)">
    <rect x="30" y="44" width="140" height="262" fill="${beer.bg}"/>
    <rect x="30" y="50" width="140" height="8" fill="${beer.accent}"/>
    ${motif(beer)}
    <text x="100" y="210" text-anchor="middle" font-family="${FONT}" font-weight="800" font-size="${placeSize}" fill="${beer.ink}" letter-spacing="0.5">${escapeXml(beer.place.toUpperCase())}</text>
    <rect x="56" y="220" width="88" height="2" fill="${beer.accent}"/>
    <text x="100" y="243" text-anchor="middle" font-family="${FONT}" font-weight="600" font-size="${styleSize}" fill="${beer.ink}">${escapeXml(beer.style)}</text>
    <text x="100" y="280" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="11" fill="${beer.ink}" letter-spacing="2" opacity="0.85">PERTH · WA</text>
    <text x="100" y="296" text-anchor="middle" font-family="${FONT}" font-weight="600" font-size="10" fill="${beer.ink}" opacity="0.85">500mL</text>
    <rect x="30" y="44" width="140" height="262" fill="url(#${id}-shade)"/>
  </g>
  <rect x="30" y="300" width="140" height="6" fill="url(#${id}-metal)"/>`;
}

function canSvg(beer) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 330" width="200" height="330" role="img" aria-label="${escapeXml(
    `${beer.place} ${beer.style}, 500mL can`,
  )}">${canGroup(beer)}
</svg>
`;
}

function heroSvg() {
  const pick = (slug) => BEERS.find((beer) => beer.slug === slug);
  const cans = [
    { beer: pick('rottnest-hazy-ipa'), x: 70, y: 120, s: 0.82 },
    { beer: pick('quokka-pale-ale'), x: 205, y: 80, s: 0.95 },
    { beer: pick('cottesloe-sunset-sour'), x: 355, y: 118, s: 0.82 },
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 560 420" width="560" height="420" role="img" aria-label="Three cans on the sand at sunset">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#0b4f5c"/><stop offset="0.55" stop-color="#f29e5c"/><stop offset="1" stop-color="#ffd08a"/>
    </linearGradient>
    <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#126b73"/><stop offset="1" stop-color="#0a3440"/>
    </linearGradient>
    <linearGradient id="sand" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#f3d9a4"/><stop offset="1" stop-color="#e2bd7c"/>
    </linearGradient>
    <clipPath id="frame"><rect width="560" height="420" rx="28"/></clipPath>
  </defs>
  <g clip-path="url(#frame)">
    <rect width="560" height="420" fill="url(#sky)"/>
    <circle cx="420" cy="236" r="58" fill="#ffd166" opacity="0.95"/>
    <rect y="236" width="560" height="110" fill="url(#sea)"/>
    <path d="M0 256 q35 -8 70 0 t70 0 t70 0 t70 0 t70 0 t70 0 t70 0 t70 0" fill="none" stroke="#8fd8cf" stroke-width="3" opacity="0.6"/>
    <path d="M0 282 q35 -8 70 0 t70 0 t70 0 t70 0 t70 0 t70 0 t70 0 t70 0" fill="none" stroke="#8fd8cf" stroke-width="3" opacity="0.4"/>
    <rect x="370" y="240" width="100" height="5" fill="#ffd166" opacity="0.6"/>
    <rect x="390" y="252" width="60" height="4" fill="#ffd166" opacity="0.45"/>
    <path d="M0 330 q140 -30 280 -6 t280 -4 v100 h-560z" fill="url(#sand)"/>
    <path d="M60 74 q8 -8 16 0 q8 -8 16 0" fill="none" stroke="#0a3440" stroke-width="3"/>
    <path d="M120 50 q6 -6 12 0 q6 -6 12 0" fill="none" stroke="#0a3440" stroke-width="3"/>
    ${cans.map(({ beer, x, y, s }) => `<g transform="translate(${x} ${y}) scale(${s})">${canGroup(beer, `hero-${beer.slug}`)}</g>`).join('\n')}
  </g>
</svg>
`;
}

function faviconSvg() {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
  <rect width="64" height="64" rx="14" fill="#0a3440"/>
  <path d="M20 14 q0 -4 6 -4 h12 q6 0 6 4 l2 6 v30 q0 4 -4 4 h-20 q-4 0 -4 -4 v-30z" fill="#f0ae3a"/>
  <rect x="18" y="26" width="28" height="14" fill="#0b4f5c"/>
  <path d="M22 36 q5 -6 10 0 t10 0" fill="none" stroke="#faf6ee" stroke-width="2.5"/>
  <ellipse cx="32" cy="11" rx="9" ry="2.5" fill="#faf6ee" opacity="0.8"/>
</svg>
`;
}

function write(relativePath, content) {
  const path = join(publicDir, relativePath);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

for (const beer of BEERS) write(`cans/${beer.slug}.svg`, canSvg(beer));
write('images/hero-cans.svg', heroSvg());
write('favicon.svg', faviconSvg());
console.log(`Wrote ${BEERS.length} cans, the hero and the favicon to ${publicDir}`);
