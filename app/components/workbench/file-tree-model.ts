/** Turns the flat file map into the rows a tree shows: folders first, then files, by name. */
import type { FileMap } from '~/lib/stores/files';

export interface TreeRow {
  path: string;
  name: string;
  kind: 'file' | 'folder';
  depth: number;
  expanded: boolean;
}

interface Node {
  path: string;
  name: string;
  kind: 'file' | 'folder';
  children: Map<string, Node>;
}

function buildTree(map: FileMap): Node {
  const root: Node = { path: '', name: '', kind: 'folder', children: new Map() };
  for (const [path, entry] of Object.entries(map)) {
    if (!entry) continue;
    const segments = path.split('/');
    let parent = root;
    segments.forEach((name, index) => {
      const nodePath = segments.slice(0, index + 1).join('/');
      const isLeaf = index === segments.length - 1;
      let node = parent.children.get(name);
      if (!node) {
        node = { path: nodePath, name, kind: isLeaf ? entry.type : 'folder', children: new Map() };
        parent.children.set(name, node);
      } else if (!isLeaf) {
        node.kind = 'folder';
      }
      parent = node;
    });
  }
  return root;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function sortNodes(nodes: Iterable<Node>): Node[] {
  return [...nodes].sort((a, b) => (a.kind === b.kind ? collator.compare(a.name, b.name) : a.kind === 'folder' ? -1 : 1));
}

/** Visible rows in display order; children of collapsed folders are left out. */
export function buildTreeRows(map: FileMap, collapsed: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (node: Node, depth: number) => {
    for (const child of sortNodes(node.children.values())) {
      const expanded = child.kind === 'folder' && !collapsed.has(child.path);
      rows.push({ path: child.path, name: child.name, kind: child.kind, depth, expanded });
      if (expanded) walk(child, depth + 1);
    }
  };
  walk(buildTree(map), 0);
  return rows;
}

/** Folders that must be open for `path` to be visible. */
export function ancestorsOf(path: string): string[] {
  const segments = path.split('/');
  return segments.slice(0, -1).map((_, index) => segments.slice(0, index + 1).join('/'));
}
