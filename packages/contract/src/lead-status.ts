/**
 * Where staff are with a lead, once for the database enum (lead_status), the API and the console.
 * Imports nothing, so the database package can use it.
 */
export const LEAD_STATUSES = ['new', 'contacted', 'won', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  won: 'Won',
  lost: 'Lost',
};

/**
 * The inbox's kinds of lead. Enquiries and contact messages share a table but are told apart;
 * `coach-request` is a signed-in account asking for the coach role.
 */
export const LEAD_KINDS = [
  'demo',
  'call',
  'enquiry',
  'contact',
  'school',
  'coach-application',
  'coach-request',
] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

export const LEAD_KIND_LABELS: Record<LeadKind, string> = {
  demo: 'Demo request',
  call: 'Call booking',
  enquiry: 'Enquiry',
  contact: 'Contact message',
  school: 'School request',
  'coach-application': 'Coach application',
  'coach-request': 'Coach access request',
};
