import type { ReadableAtom } from 'nanostores';
import { useEffect, useState } from 'react';

/**
 * Like useStore, but re-renders at most once per animation frame: a streamed answer changes its store
 * per chunk, and the screen only needs the latest value each frame.
 */
export function useFrameStore<T>(store: ReadableAtom<T>): T {
  const [value, setValue] = useState(() => store.get());
  useEffect(() => {
    let frame = 0;
    setValue(store.get());
    const unsubscribe = store.listen(() => {
      if (frame === 0) {
        frame = requestAnimationFrame(() => {
          frame = 0;
          setValue(store.get());
        });
      }
    });
    return () => {
      unsubscribe();
      cancelAnimationFrame(frame);
    };
  }, [store]);
  return value;
}
