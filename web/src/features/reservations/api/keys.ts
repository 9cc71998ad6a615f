export interface RoomListParams {
  page: number;
  pageSize: number;
  sort?: string;
  search?: string;
  enabled?: string;
  doctorId?: string;
}

export interface ReservationRange {
  From: string;
  To: string;
  /** `1,2`; all rooms when absent */
  ConsultingRoomIds?: string;
}

/** Rooms and reservations share one root: a booking changes a room's upcoming count too. */
export const reservationKeys = {
  all: ['reservations'] as const,
  rooms: () => ['reservations', 'rooms'] as const,
  roomList: (params: RoomListParams) => ['reservations', 'rooms', 'list', params] as const,
  room: (id: number) => ['reservations', 'rooms', 'detail', id] as const,
  doctors: () => ['reservations', 'doctors'] as const,
  ranges: () => ['reservations', 'range'] as const,
  range: (range: ReservationRange) => ['reservations', 'range', range] as const,
  occurrence: (id: number) => ['reservations', 'occurrence', id] as const,
  customer: (customerId: number) => ['reservations', 'customer', customerId] as const,
  feed: () => ['reservations', 'feed'] as const,
};
