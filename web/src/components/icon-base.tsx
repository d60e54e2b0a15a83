import type { ReactNode, SVGProps } from 'react';

/** Outline icons on a 24 px grid, drawn in currentColor; decorative unless given a title. */
export type IconProps = SVGProps<SVGSVGElement> & { title?: string };

export const Icon = ({ title, children, ...props }: IconProps & { children: ReactNode }) => (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.75}
    strokeLinecap="round"
    strokeLinejoin="round"
    width="1em"
    height="1em"
    role={title ? 'img' : undefined}
    aria-hidden={title ? undefined : true}
    {...props}
  >
    {title ? <title>{title}</title> : null}
    {children}
  </svg>
);

/**
 * The warning mark, here rather than beside the other icons: the route error screen shows it and
 * is part of the app's first load, which should not carry every icon of every screen.
 */
export const IconWarning = (p: IconProps) => (
  <Icon {...p}>
    <path d="M10.3 4.2 2.6 17.5A2 2 0 0 0 4.3 20.5h15.4a2 2 0 0 0 1.7-3L13.7 4.2a2 2 0 0 0-3.4 0z" />
    <path d="M12 9.5v4M12 17h.01" />
  </Icon>
);
