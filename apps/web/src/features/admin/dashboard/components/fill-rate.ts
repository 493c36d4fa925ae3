/** Seats taken as a whole percentage of capacity (0 when a program has no seats). */
export const fillPercent = (p: { seatsTaken: number; capacity: number }) =>
  p.capacity > 0 ? Math.round((p.seatsTaken / p.capacity) * 100) : 0;
