import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHECKSUM_CHUNK_BYTES, computeChecksum } from './checksum';
import { Md5, toBase64, toHex } from './md5';

const nodeMd5 = (data: Uint8Array) => createHash('md5').update(data).digest('base64');

describe('Md5', () => {
  it.each([
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['a', '0cc175b9c0f1b6a831c399e269772661'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
    ['12345678901234567890123456789012345678901234567890123456789012345678901234567890', '57edf4a22be3c955ac49da2e2107b67a'],
  ])('hashes the RFC 1321 vector %j', (text, hex) => {
    expect(toHex(new Md5().update(new TextEncoder().encode(text)).digest())).toBe(hex);
  });

  it.each([0, 1, 55, 56, 63, 64, 65, 127, 128, 1000, 65_537])('matches node:crypto for %i random bytes fed in random pieces', (size) => {
    const data = new Uint8Array(randomBytes(size));
    const md5 = new Md5();
    for (let offset = 0; offset < size; ) {
      const piece = 1 + Math.floor(Math.random() * 100);
      md5.update(data.subarray(offset, offset + piece));
      offset += piece;
    }
    expect(toBase64(md5.digest())).toBe(nodeMd5(data));
  });

  it('refuses to update after digest', () => {
    const md5 = new Md5();
    md5.digest();
    expect(() => md5.update(new Uint8Array(1))).toThrow();
  });
});

describe('computeChecksum', () => {
  it.each([0, 10, CHECKSUM_CHUNK_BYTES, CHECKSUM_CHUNK_BYTES + 1, 2 * CHECKSUM_CHUNK_BYTES + 12_345])(
    'gives node:crypto’s base64 MD5 for a %i-byte file',
    async (size) => {
      const data = new Uint8Array(randomBytes(size));
      const file = new File([data], 'random.bin');
      expect(await computeChecksum(file)).toBe(nodeMd5(data));
    },
  );

  it('reads the file in 2,097,152-byte slices', async () => {
    const file = new File([new Uint8Array(CHECKSUM_CHUNK_BYTES * 2 + 5)], 'x.bin');
    const slices: Array<[number | undefined, number | undefined]> = [];
    const spy = { name: file.name, size: file.size, slice: (start?: number, end?: number) => (slices.push([start, end]), file.slice(start, end)) };
    await computeChecksum(spy);
    expect(slices).toEqual([
      [0, CHECKSUM_CHUNK_BYTES],
      [CHECKSUM_CHUNK_BYTES, CHECKSUM_CHUNK_BYTES * 2],
      [CHECKSUM_CHUNK_BYTES * 2, CHECKSUM_CHUNK_BYTES * 2 + 5],
    ]);
  });

  it("fails with 'Error reading {file}' when the file cannot be read", async () => {
    const broken = { name: 'photo.png', size: 10, slice: () => ({ arrayBuffer: () => Promise.reject(new Error('gone')) }) as unknown as Blob };
    await expect(computeChecksum(broken)).rejects.toThrow('Error reading photo.png');
  });
});
