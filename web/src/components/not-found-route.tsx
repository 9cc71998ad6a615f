import { NotFoundScreen } from './not-found';

export function Component() {
  return <NotFoundScreen />;
}
