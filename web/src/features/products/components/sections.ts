import { type ProductSection, productMoves } from '@genodesk/contract/enums';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';

interface SectionPaths {
  list: string;
  view: (id: number | string) => string;
  edit?: (id: number | string) => string;
}

/** Each section's screens; the archive has no editor. */
export const sectionPaths: Record<ProductSection, SectionPaths> = {
  results: paths.products,
  doctorSection: paths.doctorSection,
  archive: { list: paths.archive.list, view: paths.archive.view },
};

export function isSection(value: string): value is ProductSection {
  return value === 'results' || value === 'doctorSection' || value === 'archive';
}

export function sectionPathsOf(section: string): SectionPaths {
  return isSection(section) ? sectionPaths[section] : sectionPaths.results;
}

export function movesFrom(section: string): readonly ProductSection[] {
  return isSection(section) ? productMoves[section] : [];
}

/** The section whose screens the current URL belongs to. */
export function sectionOfPath(pathname: string): ProductSection {
  if (pathname.startsWith(paths.doctorSection.list)) return 'doctorSection';
  if (pathname.startsWith(paths.archive.list)) return 'archive';
  return 'results';
}

export function useRouteSection(): ProductSection {
  return sectionOfPath(useLocation().pathname);
}

/** i18n key suffix of a move: `products.moves.<key>` (label), `.done.<to>`, `.failed.<key>`. */
export function moveKey(from: string, to: string): string {
  return `${from}To${to.charAt(0).toUpperCase()}${to.slice(1)}`;
}
