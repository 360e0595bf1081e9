import sharp from 'sharp';

const PALETTE = ['#6f42c1', '#d63384', '#fd7e14', '#20c997', '#0d6efd', '#198754', '#dc3545', '#6610f2'];

/** Three soft discs placed by the seed: each picture has its own shapes, so no two demo pictures look
 * like the same photo to the risk check's perceptual hash (a bare gradient hashes alike for every colour). */
function discs(seed: number, width: number, height: number): string {
  let x = (seed * 2654435761) >>> 0;
  const next = () => {
    x = (Math.imul(x ^ (x >>> 15), 2246822507) + 0x9e3779b9) >>> 0;
    return x / 2 ** 32;
  };
  return Array.from({ length: 3 }, (_, i) => {
    const r = Math.round(Math.min(width, height) * (0.12 + next() * 0.16));
    const cx = Math.round(next() * width);
    const cy = Math.round(next() * height);
    const fill = i % 2 === 0 ? '#ffffff' : '#000000';
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" fill-opacity="0.35"/>`;
  }).join('');
}

/**
 * A tame placeholder picture made locally: a coloured gradient with a few soft discs and initials or a
 * short label. No photos of people are ever used in demo data.
 */
export async function placeholderImage(
  label: string,
  seed: number,
  width = 600,
  height = 600,
): Promise<Buffer> {
  const a = PALETTE[seed % PALETTE.length]!;
  const b = PALETTE[(seed * 3 + 1) % PALETTE.length]!;
  const text = label.replace(/[<>&"']/g, '').slice(0, 24);
  const fontSize = Math.round(Math.min(width, height) / (text.length > 3 ? 8 : 3));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  ${discs(seed, width, height)}
  <text x="50%" y="50%" dominant-baseline="middle" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${fontSize}" fill="#ffffff" fill-opacity="0.92">${text}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
