import type { IconName } from '~/components/ui/icons';

const CODE = new Set(['js', 'jsx', 'ts', 'tsx', 'mjs', 'cjs', 'css', 'scss', 'html', 'vue', 'svelte', 'astro', 'json']);
const IMAGE = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg', 'ico', 'avif']);
const TEXT = new Set(['md', 'mdx', 'txt']);

export function fileIconFor(path: string): IconName {
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  if (CODE.has(extension)) return 'fileCode';
  if (IMAGE.has(extension)) return 'image';
  if (TEXT.has(extension)) return 'fileText';
  return 'file';
}
