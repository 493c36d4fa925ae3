import type { ProgramDetails } from '@kikstart/contract/programs';
import { paths, pathTo } from '../../lib/paths.ts';

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/**
 * schema.org data for one program: a Course with its scheduled instance (dates, weekdays, times,
 * place) and its price, so a search result can show when, where and how much.
 */
export function programJsonLd(program: ProgramDetails): Record<string, unknown> {
  const url = pathTo(paths.programDetails, { id: program.id });
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: program.title,
    description: program.summary,
    url,
    provider: { '@type': 'Organization', name: 'KikStart' },
    offers: {
      '@type': 'Offer',
      category: 'Paid',
      price: (program.priceCents / 100).toFixed(2),
      priceCurrency: program.currency.toUpperCase(),
      availability: program.seatsLeft > 0 ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      url,
    },
    hasCourseInstance: {
      '@type': 'CourseInstance',
      courseMode: 'Onsite',
      location: { '@type': 'Place', name: program.venue.name, address: program.venue.address },
      courseSchedule: {
        '@type': 'Schedule',
        startDate: program.firstDate,
        endDate: program.lastDate,
        startTime: program.startTime,
        endTime: program.endTime,
        byDay: program.weekdays.map((d) => `https://schema.org/${DAY_NAMES[d - 1]}`),
        scheduleTimezone: program.timeZone,
      },
      ...(program.coach ? { instructor: { '@type': 'Person', name: program.coach.name } } : {}),
    },
  };
}
