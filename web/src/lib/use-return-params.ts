import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The query a provider sends the browser back with (`?checkout=success`, `?success=true&platform=`)
 * and a way to drop it once acted on — replacing the history entry, so Back does not act again.
 */
export const useReturnParams = (names: readonly string[]) => {
  const [params, setParams] = useSearchParams();
  const key = names.join('\n');
  const clear = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const name of key.split('\n')) next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams, key],
  );
  return [params, clear] as const;
};
