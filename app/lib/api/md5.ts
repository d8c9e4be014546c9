/**
 * Incremental MD5 (RFC 1321). WebCrypto has no MD5, and the direct-upload protocol wants a base64 MD5,
 * so big files are hashed chunk by chunk without holding them in memory.
 */

const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
// K[i] = floor(abs(sin(i + 1)) * 2^32)
const K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 0x100000000) >>> 0);

export class Md5 {
  private state = new Uint32Array([0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476]);
  private buffer = new Uint8Array(64);
  private buffered = 0;
  private length = 0;
  private readonly words = new Uint32Array(16);
  private finished = false;

  update(data: Uint8Array): this {
    if (this.finished) throw new Error('Md5: update after digest');
    this.length += data.length;
    let offset = 0;
    if (this.buffered > 0) {
      const take = Math.min(64 - this.buffered, data.length);
      this.buffer.set(data.subarray(0, take), this.buffered);
      this.buffered += take;
      offset = take;
      if (this.buffered < 64) return this;
      this.block(this.buffer, 0);
      this.buffered = 0;
    }
    for (; offset + 64 <= data.length; offset += 64) {
      this.block(data, offset);
    }
    if (offset < data.length) {
      this.buffer.set(data.subarray(offset), 0);
      this.buffered = data.length - offset;
    }
    return this;
  }

  /** The 16-byte digest. The hash cannot be updated afterwards. */
  digest(): Uint8Array {
    if (this.finished) throw new Error('Md5: digest called twice');
    const bitLength = this.length * 8;
    const padding = new Uint8Array((this.buffered < 56 ? 56 : 120) - this.buffered + 8);
    padding[0] = 0x80;
    const view = new DataView(padding.buffer);
    view.setUint32(padding.length - 8, bitLength >>> 0, true);
    view.setUint32(padding.length - 4, Math.floor(bitLength / 0x100000000), true);
    this.update(padding);
    this.finished = true;
    const out = new Uint8Array(16);
    const outView = new DataView(out.buffer);
    this.state.forEach((word, i) => outView.setUint32(i * 4, word, true));
    return out;
  }

  private block(data: Uint8Array, offset: number): void {
    const m = this.words;
    for (let i = 0; i < 16; i++) {
      const j = offset + i * 4;
      m[i] = (data[j] | (data[j + 1] << 8) | (data[j + 2] << 16) | (data[j + 3] << 24)) >>> 0;
    }
    let [a, b, c, d] = this.state;
    for (let i = 0; i < 64; i++) {
      let f: number;
      let g: number;
      if (i < 16) {
        f = (b & c) | (~b & d);
        g = i;
      } else if (i < 32) {
        f = (d & b) | (~d & c);
        g = (5 * i + 1) % 16;
      } else if (i < 48) {
        f = b ^ c ^ d;
        g = (3 * i + 5) % 16;
      } else {
        f = c ^ (b | ~d);
        g = (7 * i) % 16;
      }
      const sum = (a + f + K[i] + m[g]) >>> 0;
      const shift = SHIFTS[(i >> 4) * 4 + (i % 4)];
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) >>> 0;
    }
    this.state[0] = (this.state[0] + a) >>> 0;
    this.state[1] = (this.state[1] + b) >>> 0;
    this.state[2] = (this.state[2] + c) >>> 0;
    this.state[3] = (this.state[3] + d) >>> 0;
  }
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
