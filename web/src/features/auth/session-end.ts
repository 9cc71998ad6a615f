import { queryClient } from '@/lib/react-query';
import type { SessionEnd } from '@/lib/tokens';
import { loginPath, reasonElsewhere, type SignOutReason, signOutTo } from './return-to';

/** Where the tab is when its sign-in ends: the page (path and query), and whether it is open to anyone. */
export interface SessionEndPlace {
  path: string;
  public: boolean;
}

/**
 * The sign-in has ended for this tab (the server refused it, or another tab ended it): nothing of it
 * stays in memory (every cached query, customers' data among them, is dropped), and unless the tab
 * shows a public screen (the sign-in screen itself, the document check), the guard takes it to sign
 * in, once, told why and where it was. A sign-out of this tab's own, already under way, keeps its
 * destination.
 */
export function sessionEnded(reason: SignOutReason, place: SessionEndPlace): void {
  if (!place.public) signOutTo(loginPath(place.path, reason));
  queryClient.clear();
}

/** Another tab ended the sign-in: this one follows, with what the other's end means here. */
export function sessionEndedElsewhere(end: SessionEnd, place: SessionEndPlace): void {
  sessionEnded(reasonElsewhere(end), place);
}
