import type { DataRouter } from 'react-router';
import { sessionEndOf, signOutDestination } from '@/features/auth/return-to';
import { type SessionEndPlace, sessionEnded, sessionEndedElsewhere } from '@/features/auth/session-end';
import { setSessionEndHandler } from '@/lib/api-client';
import { setEndedElsewhereHandler } from '@/lib/tokens';
import { isRouteHandle } from './route-handle';

/**
 * Where the tab is as its sign-in ends. The sign-in screen keeps the reason it has (a request refused
 * after our own sign-out reached it), and a public page (the document check) answers signed out too:
 * both stay where they are.
 */
function placeOf(router: DataRouter): SessionEndPlace {
  const { pathname, search } = router.state.location;
  return {
    path: pathname + search,
    public: router.state.matches.some(
      (match) => isRouteHandle(match.route.handle) && match.route.handle.public === true,
    ),
  };
}

/**
 * Every way this tab hears its sign-in has ended besides its own sign-out: the server refusing the
 * session, and another tab of the app ending it (the menu, idling, a refused session there).
 */
export function followSessionEnds(router: DataRouter): void {
  setSessionEndHandler(() => {
    sessionEnded('expired', placeOf(router));
    // This tab's own sign-out, if one was under way, keeps its destination and tells its reason.
    const to = signOutDestination();
    return to ? sessionEndOf(to) : 'expired';
  });
  setEndedElsewhereHandler((end) => sessionEndedElsewhere(end, placeOf(router)));
}
