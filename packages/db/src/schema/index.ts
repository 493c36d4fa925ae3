export * from './users.ts';
export * from './mail.ts';
export * from './catalog.ts';
export * from './family.ts';
export * from './content.ts';
export * from './leads.ts';
export * from './enrollments.ts';
export * from './throttle.ts';
