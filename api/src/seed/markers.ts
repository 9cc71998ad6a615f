import { markerRequestSchema } from '@genodesk/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { markers, users } from '../db/schema/index.js';
import { demoMarkers } from '../modules/results/lab-formats/demo-markers.js';

/**
 * The demo catalogue's marker map (issue 23): its gene codes at their real coordinates, so the demo
 * takes VCF, Final Report and consumer files. Each marker passes the rules of the map's screens.
 */
export async function seedMarkers(db: Executor): Promise<void> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@genodesk.test'));
  const rows = demoMarkers.map((marker) => {
    const checked = markerRequestSchema.safeParse({
      GeneCode: marker.geneCode,
      Rsid: marker.rsid,
      GeneName: marker.geneName,
      HgvsC: marker.hgvsC,
      Protein: marker.protein,
      Transcript: marker.transcript,
      Chromosome: marker.chromosome,
      PositionGrch37: marker.positionGrch37,
      PositionGrch38: marker.positionGrch38,
      Reference: marker.reference,
      Alternative: marker.alternative,
      GeneStrand: marker.geneStrand,
    });
    if (!checked.success) throw new Error(`bad demo marker ${marker.geneCode}: ${checked.error.message}`);
    const { strandAmbiguous: _computed, ...values } = marker;
    return { ...values, createdBy: admin?.id ?? null, updatedBy: admin?.id ?? null };
  });
  if (rows.length) await db.insert(markers).values(rows);
}
