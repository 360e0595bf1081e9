import { z } from 'zod';
import { ZProviderRef } from '../directory/provider-ref.ts';

/** `POST /api/likes|dislikes|averages` `data`; the user comes from the token (a sent `user` is ignored). */
export const ZReactionRequest = z.object({ provider: ZProviderRef });
export type TReactionRequest = z.infer<typeof ZReactionRequest>;

/**
 * `PUT /api/likes|dislikes|averages/:id` `data`: a reaction has nothing to edit (switching is a POST
 * to the other kind), so any fields sent are ignored and the PUT answers the reaction unchanged.
 */
export const ZReactionUpdate = z.object({});
export type TReactionUpdate = z.infer<typeof ZReactionUpdate>;
