/**
 * Build once (if stale), then keep that build for the rest of a bench: without this, every restart of the
 * web tier could rebuild in the middle of a run (other work keeps changing app/), and one bench would
 * measure several builds.
 */
export async function withBuildPinned<T>(build: () => void, body: () => Promise<T>): Promise<T> {
  build();
  const previous = process.env.KILN_TEST_SKIP_BUILD;
  process.env.KILN_TEST_SKIP_BUILD = '1';
  try {
    return await body();
  } finally {
    if (previous === undefined) delete process.env.KILN_TEST_SKIP_BUILD;
    else process.env.KILN_TEST_SKIP_BUILD = previous;
  }
}
