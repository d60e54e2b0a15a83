import { useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { isCampaignMediaType } from '#shared/domain/media-sniffing';
import { MEDIA_MESSAGES } from '#shared/domain/campaigns';
import { sniffFile } from '#web/lib/sniff-file';
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
 * Which of the files the drop zone took are what their names say: their first bytes are an
 * image or a video a campaign takes (the server reads them the same way after the upload, and
 * would refuse the others).
 */
const sortByContent = async (files: readonly File[]) => {
  const types = await Promise.all(files.map(sniffFile));
  return {
    genuine: files.filter((_, index) => isCampaignMediaType(types[index] ?? null)),
    refused: files
      .filter((_, index) => !isCampaignMediaType(types[index] ?? null))
      .map((file): MediaRefusal => ({ fileName: file.name, reason: MEDIA_MESSAGES.notWhatItSays })),
  };
};

/**
 * The drop zone for a campaign's images and videos (Add Media, the AI generator's media area):
 * the spec's types and sizes, at most `remaining` files, files whose bytes are not what their
 * names say refused before they upload, and why each refused file was refused. The zone's own
 * button opens the picker: one clear control for the keyboard, not a clickable region.
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
      void sortByContent(accepted).then(({ genuine, refused }) => {
        setRefusals([...refusalsOf(rejections), ...refused]);
        onAccepted(genuine);
      });
    },
  });
  return { ...dropzone, refusals, clearRefusals: () => setRefusals([]) };
};
