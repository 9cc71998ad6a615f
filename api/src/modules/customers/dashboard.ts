import { Permissions, RelationshipStatus } from '@genodesk/contract';
import type { WorkCounter } from '../dashboard/counters.js';
import { relationshipMatches } from './relationships.service.js';

/** Partner requests waiting for staff to choose the partner. */
export const customersDashboard: WorkCounter[] = [
  {
    key: 'partnerRequestsWaiting',
    access: { all: [Permissions.CustomersView] },
    matches: (db) => relationshipMatches(db, { status: RelationshipStatus.Requested }),
  },
];
