export function CustomerReservationsRoute() {
  return null;
}
export const Component = CustomerReservationsRoute;
