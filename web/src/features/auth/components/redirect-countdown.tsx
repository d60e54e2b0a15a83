import { useEffect, useState } from 'react';
import { ProgressTrack } from '#web/components/progress-bar';

interface RedirectCountdownProps {
  /** What happens when the bar is full; announced once. */
  label: string;
  durationMs: number;
  className?: string;
}

/**
 * A bar that fills over `durationMs`, so a timed wait before the next screen shows how long is
 * left. The fill is a CSS transition started after mount; with reduced motion it jumps to full.
 */
export function RedirectCountdown({ label, durationMs, className }: RedirectCountdownProps) {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    // One frame at 0 %, so the browser has a width to transition from.
    const frame = requestAnimationFrame(() => setStarted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <div className={className}>
      <ProgressTrack
        label={label}
        tone="success"
        className="mx-auto max-w-56"
        fill={{
          className: 'transition-[width] ease-linear motion-reduce:transition-none',
          style: { width: started ? '100%' : '0%', transitionDuration: `${durationMs}ms` },
        }}
      />
      <p role="status" className="mt-3 text-sm text-slate-600">
        {label}
      </p>
    </div>
  );
}
