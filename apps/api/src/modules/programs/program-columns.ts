import { programs } from '@kikstart/db';

/** Where and when a program meets: selected together wherever a schedule is shown or computed. */
export const programScheduleColumns = {
  venueName: programs.venueName,
  venueAddress: programs.venueAddress,
  weekdays: programs.weekdays,
  startTime: programs.startTime,
  endTime: programs.endTime,
  firstDate: programs.firstDate,
  lastDate: programs.lastDate,
};
