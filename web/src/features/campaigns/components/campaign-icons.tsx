import { Icon, type IconProps } from '#web/components/icon-base';

/*
 * The campaign screens' own icons: kept beside them rather than in components/icons, which the
 * app's first screens load.
 */

export const IconPhoto = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="4" width="18" height="16" rx="2.5" />
    <circle cx="9" cy="9.5" r="1.75" />
    <path d="m21 15.5-4.5-4.5L7 20" />
  </Icon>
);
export const IconPlay = (p: IconProps) => (
  <Icon {...p}>
    <path d="M8 5.5v13l10.5-6.5z" />
  </Icon>
);
export const IconCalendar = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3.5" y="5" width="17" height="15.5" rx="2.5" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </Icon>
);
