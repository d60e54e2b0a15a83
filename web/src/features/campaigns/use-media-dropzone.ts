import { useState } from 'react';
import { useDropzone } from 'react-dropzone';
import {
  MEDIA_ACCEPT,
  MEDIA_DROP_LIMITS,
  refusalsOf,
  type MediaRefusal,
} from './campaign-media-files';

interface MediaDropzoneOptions {
  /** How many more files may be chosen; none left disables the zone. */
  remaining: number;
  disabled: boolean;
  onAccepted: (files: File[]) => void;
}

/**
 * The drop zone for a campaign's images and videos (Add Media, the AI generator's media area):
 * the spec's types and sizes, at most `remaining` files, and why each refused file was refused.
 * The zone's own button opens the picker: one clear control for the keyboard, not a clickable
 * region.
 */
export const useMediaDropzone = ({ remaining, disabled, onAccepted }: MediaDropzoneOptions) => {
  const [refusals, setRefusals] = useState<MediaRefusal[]>([]);
  const dropzone = useDropzone({
    accept: MEDIA_ACCEPT,
    ...MEDIA_DROP_LIMITS,
    maxFiles: remaining,
    multiple: true,
    disabled: disabled || remaining === 0,
    noClick: true,
    noKeyboard: true,
    useFsAccessApi: false,
    onDrop: (accepted, rejections) => {
      setRefusals(refusalsOf(rejections));
      onAccepted(accepted);
    },
  });
  return { ...dropzone, refusals, clearRefusals: () => setRefusals([]) };
};
