export function CalendarRoute() {
  return null;
}
export const Component = CalendarRoute;
