import { defineResource, timestamps } from '../../http/strapi/resource.ts';
import { userResource } from '../users/index.ts';

/** Contact Us messages, read by the admin only. */
export const contactMessageResource = defineResource({
  name: 'contactMessage',
  table: 'contact_messages',
  fields: {
    name: { type: 'string' },
    email: { type: 'string' },
    note: { type: 'string' },
    ...timestamps,
  },
  maxPageSize: 100,
});

/** Reports of listings and concerns, read and reviewed by the admin only. */
export const reportResource = defineResource({
  name: 'report',
  table: 'reports',
  fields: {
    reason: { type: 'string' },
    details: { type: 'string' },
    listing: { type: 'string' },
    email: { type: 'string' },
    status: { type: 'string' },
    ...timestamps,
  },
  relations: {
    reporter: { kind: 'belongsTo', target: () => userResource, column: 'reporter_id' },
  },
  maxPageSize: 100,
});
