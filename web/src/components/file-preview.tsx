import clsx from 'clsx';

interface FilePreviewProps {
  /** An object URL of the chosen file; none yet shows an empty tile. */
  url: string | null | undefined;
  /** A video shows its first frame; anything else is a picture. */
  isVideo: boolean;
  className?: string;
}

/**
 * A chosen file's square preview before it is uploaded: its picture, or its video's first frame.
 * Decoration only: the file's name and description say what it is.
 */
export function FilePreview({ url, isVideo, className }: FilePreviewProps) {
  const box = clsx(
    'shrink-0 overflow-hidden rounded-lg bg-slate-100 object-cover ring-1 ring-slate-200',
    className ?? 'size-14',
  );
  if (!url) return <div className={box} aria-hidden="true" />;
  if (isVideo) {
    return (
      <video src={url} muted playsInline preload="metadata" aria-hidden="true" className={box} />
    );
  }
  return <img src={url} alt="" className={box} />;
}
