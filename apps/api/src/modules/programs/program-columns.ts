import { programs } from '@kikstart/db';

/** What every program card shows first (the catalog's and the home page's cards). */
export const programCardColumns = {
  id: programs.id,
  slug: programs.slug,
  title: programs.title,
  sport: programs.sport,
  summary: programs.summary,
  classType: programs.classType,
  locationType: programs.locationType,
};

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
