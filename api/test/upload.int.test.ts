import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from './factories';
import { startTestApi, type TestApi } from './test-api';

let t: TestApi;
let token: string;
beforeAll(async () => {
  t = await startTestApi();
  token = (await makeUser(t.deps.database.db)).token;
});
afterAll(async () => {
  await t?.stop();
});

function png(width: number, height: number, noisy = false): Buffer {
  const img = new PNG({ width, height });
  for (let i = 0; i < img.data.length; i++)
    img.data[i] = noisy ? Math.floor(Math.random() * 256) : i % 4 === 3 ? 255 : 120;
  return PNG.sync.write(img);
}

async function upload(bytes: Buffer, name: string, type: string, withToken = true) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${t.url}/api/upload/file`, {
    method: 'POST',
    body: form,
    headers: withToken ? { 'api-token': token } : {},
  });
  return {
    status: res.status,
    body: (await res.json()) as {
      code: number;
      data?: Record<string, unknown>;
      error?: { type: string; message: string };
    },
  };
}

describe('POST /api/upload/file', () => {
  it('stores a real image and serves it back with its detected type', async () => {
    const bytes = png(32, 32);
    const res = await upload(bytes, 'avatar.png', 'image/png');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ filename: 'avatar.png', type: 'image/png', size: bytes.length });
    const served = await fetch(`${t.url}${res.body.data!.url as string}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('refuses a text file named like an image: "The upload file is not an image."', async () => {
    const res = await upload(Buffer.from('<script>alert(1)</script>'), 'evil.png', 'image/png');
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ type: 'upload.not_image', message: 'The upload file is not an image.' });
  });

  it('refuses SVG even with an image content type', async () => {
    const res = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      'a.svg',
      'image/svg+xml',
    );
    expect(res.body.error?.type).toBe('upload.not_image');
  });

  it('refuses an image over 200 KB: "The maximum upload image size is less than 200 KB."', async () => {
    const big = png(300, 300, true);
    expect(big.length).toBeGreaterThan(200 * 1024);
    const res = await upload(big, 'big.png', 'image/png');
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      type: 'upload.too_large',
      message: 'The maximum upload image size is less than 200 KB.',
    });
  });

  it('requires login and stores nothing for refused uploads', async () => {
    const before = (await t.deps.database.db.query.uploads.findMany()).length;
    const res = await upload(png(8, 8), 'a.png', 'image/png', false);
    expect(res.status).toBe(401);
    await upload(Buffer.from('nope'), 'x.png', 'image/png');
    expect((await t.deps.database.db.query.uploads.findMany()).length).toBe(before);
  });

  it('keeps only the base name of a path-like file name', async () => {
    const res = await upload(png(4, 4), '../../etc/passwd.png', 'image/png');
    expect(res.body.data?.filename).toBe('passwd.png');
    expect(res.body.data?.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
  });
});
