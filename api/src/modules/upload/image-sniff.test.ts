import { describe, expect, it } from 'vitest';
import { sniffImageType } from './image-sniff';

const bytes = (...b: number[]) => new Uint8Array(b);

describe('sniffImageType', () => {
  it('recognises PNG, JPEG, GIF and WebP from their magic bytes', () => {
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffImageType(new TextEncoder().encode('GIF89a...'))).toBe('image/gif');
    expect(sniffImageType(new TextEncoder().encode('RIFF\x00\x00\x00\x00WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses text, SVG and files that only look like images by name', () => {
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('hello.png'))).toBeNull();
    expect(sniffImageType(bytes())).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('GIF87b'))).toBeNull();
  });
});
