/**
 * Inline stroke icons (24×24 grid, in the style of Lucide, ISC): import them from here. Three
 * modules behind this one, so the icons the app chunk needs do not carry every page's icons
 * into /login's download (./icons/frame-icons.tsx).
 */
export { icon, type IconProps } from './icons/icon.tsx';
export * from './icons/frame-icons.tsx';
export * from './icons/page-icons.tsx';
