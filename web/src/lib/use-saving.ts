import { useCallback, useState } from 'react';

/**
 * Whether a valid form's save is running. react-hook-form's `isSubmitting` is also true while the
 * form validates, and a fieldset disabled then cannot take the focus the form gives its first
 * invalid field; this is true only around the save itself.
 */
export const useSaving = () => {
  const [saving, setSaving] = useState(false);
  const whileSaving = useCallback(async <T>(save: () => Promise<T>): Promise<T> => {
    setSaving(true);
    try {
      return await save();
    } finally {
      setSaving(false);
    }
  }, []);
  return { saving, whileSaving };
};
