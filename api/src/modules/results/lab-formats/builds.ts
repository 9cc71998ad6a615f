import { stop } from './lines.js';

/**
 * The build positions are read in: the one the file names, else the one chosen at upload. A file naming
 * another build than the chosen one is refused (its positions would match the wrong markers); a file in
 * NCBI36 has no usable positions (null).
 */
export function resolveBuild(
  fileBuild: 36 | 37 | 38 | undefined,
  chosen: 37 | 38 | undefined,
  line: number,
): 37 | 38 | null {
  if (fileBuild !== undefined && chosen !== undefined && fileBuild !== chosen)
    throw stop('labFileBuildConflict', { line, file: buildName(fileBuild), chosen: buildName(chosen) });
  if (fileBuild === 36) return null;
  return fileBuild ?? chosen ?? null;
}

export const buildName = (build: 36 | 37 | 38) => (build === 36 ? 'NCBI36' : `GRCh${build}`);
