import { z } from 'zod';
import { MAX_ID } from '../ids.ts';
import { MESSAGES } from '../messages.ts';

const E = MESSAGES.providerRefErrors;

/** A provider (ad) id as the card sends it in a reaction, a comment, a message or a tip. */
export const ZProviderRef = z
  .number({ error: E.providerRequired })
  .int(E.providerRequired)
  .positive(E.providerRequired)
  .max(MAX_ID, E.providerRequired);
