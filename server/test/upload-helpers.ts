import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { TestContext, TestUser } from './helpers.ts';

/** A small PNG made on the spot, different every call. */
export function makePng(color?: { r: number; g: number; b: number }): Promise<Buffer> {
  const [r, g, b] = color ? [color.r, color.g, color.b] : randomBytes(3);
  return sharp({ create: { width: 40, height: 30, channels: 3, background: { r: r!, g: g!, b: b! } } })
    .png()
    .toBuffer();
}

/**
 * Uploads one image through `POST /api/upload`, anonymously (a private registration document) or as
 * `user` (public, or private with `purpose: 'docs'`). Returns the new file's id.
 */
export async function uploadImage(
  ctx: TestContext,
  user?: TestUser | null,
  opts: { purpose?: 'docs'; remoteAddress?: string } = {},
): Promise<number> {
  return (await uploadImageItem(ctx, user, opts)).id;
}

/** An anonymous upload (an ID document before registration): its id and the claim token it answered. */
export async function uploadDocument(
  ctx: TestContext,
  opts: { remoteAddress?: string } = {},
): Promise<{ id: number; token: string }> {
  const item = await uploadImageItem(ctx, null, opts);
  if (typeof item.claimToken !== 'string') throw new Error('an anonymous upload answered no claim token');
  return { id: item.id, token: item.claimToken };
}

async function uploadImageItem(
  ctx: TestContext,
  user: TestUser | null | undefined,
  opts: { purpose?: 'docs'; remoteAddress?: string },
): Promise<{ id: number; claimToken?: unknown }> {
  const boundary = `----ltf-${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  if (opts.purpose) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${opts.purpose}\r\n`,
      ),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="id.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    await makePng(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/upload',
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(user ? user.auth : {}) },
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: number; claimToken?: unknown }[])[0]!;
}
