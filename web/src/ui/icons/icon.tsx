/**
 * The builder of inline stroke icons (24×24 grid, in the style of Lucide, ISC). Decorative by
 * default: give an icon a `title` only when it carries meaning no nearby text does.
 */
import type { ReactNode, SVGProps } from 'react';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  size?: number;
  title?: string;
}

/** Builds an icon component on the shared grid; feature icon sets use it too. */
export function icon(displayName: string, paths: ReactNode) {
  function Icon({ size = 20, title, strokeWidth = 1.9, ...rest }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden={title ? undefined : true}
        role={title ? 'img' : undefined}
        focusable="false"
        {...rest}
      >
        {title ? <title>{title}</title> : null}
        {paths}
      </svg>
    );
  }
  Icon.displayName = displayName;
  return Icon;
}
