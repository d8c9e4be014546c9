/** Seeded PRNG (mulberry32) so every run feeds the same data. Returns floats in [0, 1). */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['count', 'items', 'user', 'value', 'state', 'render', 'props', 'theme', 'route', 'query', 'data', 'index', 'label', 'store'];

function word(random: () => number): string {
  return WORDS[Math.floor(random() * WORDS.length)];
}

/**
 * Source-like text of about `size` characters. Identifiers and numbers vary so it compresses roughly like
 * real code (a repeated line would compress to nothing and flatter storage figures).
 */
export function generateSource(random: () => number, size: number): string {
  const lines: string[] = [];
  let length = 0;
  while (length < size) {
    const a = word(random);
    const b = word(random);
    const n = Math.floor(random() * 100_000);
    const shapes = [
      `export function ${a}${n}(${b}: number) {`,
      `  const ${a}_${b} = ${b}.map((entry) => entry.${a} + ${n});`,
      `  if (${a} > ${n}) return <div className="${b}-${n}">{${a}}</div>;`,
      `  // ${a} keeps ${b} in sync with ${n} rows`,
      `}`,
      `import { ${a}${n} } from './${b}/${a}-${n}';`,
    ];
    const line = shapes[Math.floor(random() * shapes.length)];
    lines.push(line);
    length += line.length + 1;
  }
  return `${lines.join('\n')}\n`.slice(0, size);
}
